export declare const buildDir: string;
export declare const serverEntry: string;
export declare function ensureBuild(): void;
