// s3rver ships no types: the part tests/helpers/s3-server.ts uses.
declare module "s3rver" {
  import type { AddressInfo } from "node:net";

  interface S3rverOptions {
    port?: number;
    address?: string;
    silent?: boolean;
    directory: string;
    configureBuckets?: { name: string }[];
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
