import { describe, expect, it } from 'vitest';
import { fieldHint, fieldLabel } from './fieldLabels.js';

describe('field labels', () => {
  it('shows words, not spec keys (issue 36)', () => {
    expect(fieldLabel('thresholdMillis')).toBe('Response time limit (ms)');
    expect(fieldLabel('dependsOn')).toBe('Runs after (check names)');
    expect(fieldLabel('ntlmv2')).toBe('NTLMv2');
    expect(fieldLabel('maxSSLExpiry')).toBe('Fail when the certificate expires within (days)');
    // Keys not listed are spelled out, acronyms in capitals.
    expect(fieldLabel('packetLossThreshold')).toBe('Packet loss allowed (%)');
    expect(fieldLabel('skipTLSVerify')).toBe('Skip TLS verification');
    expect(fieldLabel('clusterName')).toBe('Cluster name');
    expect(fieldLabel('sqlQueryTimeout')).toBe('SQL query timeout');
    expect(fieldLabel('bucket_name')).toBe('Bucket name');
    expect(fieldLabel('apiURL')).toBe('API URL');
  });

  it("takes the form's own words first", () => {
    expect(fieldLabel('name', { name: 'Check name' })).toBe('Check name');
    expect(fieldLabel('name')).toBe('Name');
  });

  it("gives a description's first sentence as one line of help", () => {
    expect(fieldHint('Fails when slower. Given in ms.')).toBe('Fails when slower');
    expect(fieldHint('One line\nand more')).toBe('One line');
    expect(fieldHint(undefined)).toBeUndefined();
  });
});
