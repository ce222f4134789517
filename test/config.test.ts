import { expect } from '@open-wc/testing';
import { resolveConfig, type RawAttributes } from '../src/config.js';

const page = {
  scriptUrl: 'https://widgets.example/operator-chat-panel/widget-script.js',
  pageLang: 'en',
  browserLangs: [],
};

/** The configuration and the attributes that warned, for these attribute values. */
function resolve(raw: RawAttributes) {
  const { config, warnings } = resolveConfig(raw, page);
  return { config, warned: warnings.map((warning) => warning.attribute) };
}

describe('resolveConfig: poll-interval (contract section 2)', () => {
  it('polls every 3000 ms when the attribute is absent or empty', () => {
    expect(resolve({}).config.pollIntervalMs).to.equal(3000);
    expect(resolve({ pollInterval: '' }).config.pollIntervalMs).to.equal(3000);
  });

  it('raises a value below 1000 to 1000 without a warning', () => {
    const { config, warned } = resolve({ pollInterval: 200 });
    expect(config.pollIntervalMs).to.equal(1000);
    expect(warned).to.deep.equal([]);
  });

  it('keeps 0, which stops polling, and a value of at least 1000', () => {
    expect(resolve({ pollInterval: 0 }).config.pollIntervalMs).to.equal(0);
    expect(resolve({ pollInterval: '2500' }).config.pollIntervalMs).to.equal(2500);
  });

  it('falls back to 3000 with one warning naming the attribute for a value that is not a whole number', () => {
    for (const pollInterval of ['fast', -1, 1500.5]) {
      const { config, warned } = resolve({ pollInterval });
      expect(config.pollIntervalMs, String(pollInterval)).to.equal(3000);
      expect(warned, String(pollInterval)).to.deep.equal(['poll-interval']);
    }
  });
});

describe('resolveConfig: refresh-interval (contract section 2)', () => {
  it('refreshes every 60000 ms when the attribute is absent or empty', () => {
    expect(resolve({}).config.refreshIntervalMs).to.equal(60000);
    expect(resolve({ refreshInterval: '' }).config.refreshIntervalMs).to.equal(60000);
  });

  it('keeps a value of at least 1000, including one below the former 5000 floor', () => {
    const { config, warned } = resolve({ refreshInterval: 2500 });
    expect(config.refreshIntervalMs).to.equal(2500);
    expect(warned).to.deep.equal([]);
    expect(resolve({ refreshInterval: '1000' }).config.refreshIntervalMs).to.equal(1000);
    expect(resolve({ refreshInterval: 90000 }).config.refreshIntervalMs).to.equal(90000);
  });

  it('raises every whole number below 1000, 0 and negatives included, to 1000 without a warning', () => {
    for (const refreshInterval of [999, 200, 0, '0', -5]) {
      const { config, warned } = resolve({ refreshInterval });
      expect(config.refreshIntervalMs, String(refreshInterval)).to.equal(1000);
      expect(warned, String(refreshInterval)).to.deep.equal([]);
    }
  });

  it('falls back to 60000 with one warning naming the attribute for a value that is not a number', () => {
    const { config, warnings } = resolveConfig({ refreshInterval: 'soon' }, page);
    expect(config.refreshIntervalMs).to.equal(60000);
    expect(warnings).to.have.length(1);
    expect(warnings[0].attribute).to.equal('refresh-interval');
    expect(warnings[0].message).to.equal(
      'operator-chat-panel: refresh-interval="soon" is not a whole number; using 60000.',
    );
  });
});
