import { useMemo } from 'react';
import { useDispatch, useSelector } from 'react-redux';

import { principalOf, selectIsFree, selectUser } from '../features/auth/auth-slice';

import type { AppDispatch, RootState } from './store';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();

/** The signed-in user as libs/access sees it (null when signed out). */
export function usePrincipal() {
  const user = useAppSelector(selectUser);
  const isFree = useAppSelector(selectIsFree);
  return useMemo(() => principalOf(user, isFree), [user, isFree]);
}
