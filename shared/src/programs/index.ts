export * from './programsApi';
export * from './programsQueries';
export * from './usePrograms';
export * from './ProgramCards';
export * from './ProgramBoard';
export * from './ProgramsEmptyState';
export * from './ProgramWizard';
export * from './useProgramEditing';
