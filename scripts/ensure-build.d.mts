export declare const buildDir: string;
export declare const serverEntry: string;
export declare function ensureBuild(): void;
/** Imports the production server build with NODE_ENV settled (unset means production). */
export function importServer(): Promise<unknown>;
