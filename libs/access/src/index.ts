export * from './roles';
export * from './principal';
export * from './route-guard';
export * from './rules';
