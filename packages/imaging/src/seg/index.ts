export * from './placement';
export * from './frames';
export * from './cielab';
