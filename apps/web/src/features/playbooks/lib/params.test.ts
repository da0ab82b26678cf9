import { describe, expect, it } from 'vitest';
import type { RunParam } from '../api/types.js';
import { defaultValue, REQUIRED, validateParam } from './params.js';
import { filterTypes } from './paramPickers.js';
import { readSpecText, specProblem } from './specForm.js';

const p = (over: Partial<RunParam>): RunParam => ({ name: 'x', ...over });

describe('parameters', () => {
  it('requires required values, but never a checkbox', () => {
    expect(validateParam(p({ required: true }), ' ')).toBe(REQUIRED);
    expect(validateParam(p({ required: true, type: 'checkbox' }), '')).toBeUndefined();
    expect(validateParam(p({}), '')).toBeUndefined();
  });

  it('honours minLength, maxLength, regex, dns1123, min and max', () => {
    expect(validateParam(p({ properties: { minLength: '3' } }), 'ab')).toMatch(/at least 3/);
    expect(validateParam(p({ properties: { maxLength: 2 } }), 'abc')).toMatch(/at most 2/);
    expect(validateParam(p({ properties: { regex: '^a+$' } }), 'b')).toMatch(/Must match/);
    expect(validateParam(p({ properties: { format: 'dns1123' } }), 'Bad_Name')).toBeDefined();
    expect(validateParam(p({ properties: { format: 'dns1123' } }), 'good.name-1')).toBeUndefined();
    expect(validateParam(p({ properties: { min: '1', max: '5' } }), '9')).toBe('Value is above the maximum');
    expect(validateParam(p({ type: 'duration', properties: { max: '1h' } }), '2h')).toBe(
      'Value is above the maximum',
    );
    expect(validateParam(p({ type: 'duration' }), 'soon')).toMatch(/duration/);
    expect(validateParam(p({ type: 'bytes' }), '512Mi')).toBeUndefined();
    expect(validateParam(p({ type: 'millicores' }), '500m')).toBeUndefined();
    // properties.format on a text parameter asks the same.
    expect(validateParam(p({ properties: { format: 'bytes' } }), 'lots')).toMatch(/512Mi/);
    expect(validateParam(p({ properties: { format: 'millicores' } }), '1.5 cores')).toMatch(/500m/);
  });

  it('prefills defaults; a checkbox is "true" or "false"', () => {
    expect(defaultValue(p({ default: 'hi' }))).toBe('hi');
    expect(defaultValue(p({ type: 'checkbox', default: 'true' }))).toBe('true');
    expect(defaultValue(p({ type: 'checkbox' }))).toBe('false');
    expect(defaultValue(p({}))).toBe('');
  });

  it('reads the types a picker filter narrows to', () => {
    expect(filterTypes(p({ properties: { filter: [{ types: ['Kubernetes::Pod'] }] } }))).toEqual([
      'Kubernetes::Pod',
    ]);
    expect(filterTypes(p({ properties: { filter: { type: 'http' } } }))).toEqual(['http']);
    expect(filterTypes(p({}))).toEqual([]);
  });
});

describe('spec text', () => {
  it('accepts a bare spec or a whole Playbook document', () => {
    expect(readSpecText('actions: []')).toEqual({ spec: { actions: [] } });
    expect(readSpecText('kind: Playbook\nmetadata: {name: a}\nspec: {actions: []}')).toEqual({
      spec: { actions: [] },
      name: 'a',
    });
    expect(readSpecText('- a')).toBeUndefined();
  });

  it("reports the shared schema's message with its path", () => {
    const problem = specProblem({
      actions: [
        { name: 'x', exec: { script: 'a' } },
        { name: 'x', exec: { script: 'b' } },
      ],
    });
    expect(problem).toMatch(/x is repeated/);
  });
});
