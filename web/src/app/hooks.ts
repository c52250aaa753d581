import { useDispatch, useSelector } from 'react-redux';
import type { AppDispatch, RootState } from './store';
import { principalOf, selectIsFree, selectUser } from '../features/auth/auth-slice';
import { useMemo } from 'react';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();

/** The signed-in user as libs/access sees it (null when signed out). */
export function usePrincipal() {
  const user = useAppSelector(selectUser);
  const isFree = useAppSelector(selectIsFree);
  return useMemo(() => principalOf(user, isFree), [user, isFree]);
}
