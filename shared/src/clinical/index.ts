export * from './records';
export * from './vaccinesApi';
export * from './vaccinesQueries';
export * from './immunizations';
