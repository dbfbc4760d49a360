export declare const DEFAULT_POSTGRES_URL: string;
export declare function answers(url: string, defaultPort: number): Promise<boolean>;
export declare function postgresUrl(): Promise<string | undefined>;
export declare function maskedUrl(url: string): string;
