export * from './healthProfileApi';
export * from './HealthProfileFields';
