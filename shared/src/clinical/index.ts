export * from './records';
export * from './vaccinesApi';
export * from './immunizations';
