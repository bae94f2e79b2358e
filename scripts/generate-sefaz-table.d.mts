export const DEFAULT_SOURCE_DIR: string;
export const TARGET: string;
export function generateSefazTable(sourceDir?: string): string;
