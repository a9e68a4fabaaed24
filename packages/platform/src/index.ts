export * from './callable';
export * from './endpoints';
export * from './content';
export * from './runtime-config';
export * from './survey-definition';
export * from './plan';
export * from './survey-slides';
export * from './survey-answers';
