/** Asserting on the ApiError a parse or a call throws. */
import { expect } from '@open-wc/testing';
import { ApiError, type ApiErrorCode } from '../../src/core/api/api-error.js';

/** Runs `act`, expects it to throw an ApiError of `code`, and answers it. */
export function expectApiError(act: () => unknown, code: ApiErrorCode, what = ''): ApiError {
  let thrown: unknown = null;
  try {
    act();
  } catch (error) {
    thrown = error;
  }
  expect(thrown, `${what}: should throw`).to.be.instanceOf(ApiError);
  expect((thrown as ApiError).code, what).to.equal(code);
  return thrown as ApiError;
}
