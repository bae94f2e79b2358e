export * from './contract';
export * from './constants';
export * from './dates';
export * from './documents';
export * from './money';
export * from './permissions';
export * from './tenancy';
