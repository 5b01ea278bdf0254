export * from './healthProfileApi';
export * from './healthProfileQueries';
export * from './HealthProfileFields';
