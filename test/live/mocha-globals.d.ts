// Minimal typings of the Mocha globals the runner provides (no @types/mocha is installed).
// Function declarations merge as overloads, so a shared declaration elsewhere does not clash.
interface MochaContextLike {
  timeout(ms: number): void;
  skip(): never;
}
type MochaTest = (this: MochaContextLike) => void | Promise<unknown>;
declare function describe(title: string, body: (this: MochaContextLike) => void): void;
declare function it(title: string, body?: MochaTest): void;
declare function before(body: MochaTest): void;
declare function after(body: MochaTest): void;
declare function beforeEach(body: MochaTest): void;
declare function afterEach(body: MochaTest): void;
