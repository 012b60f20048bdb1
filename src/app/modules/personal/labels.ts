// The screen's words for kinds, fields and error codes, checked against kinds.ts by the compiler: a field
// added to a kind without a label in both languages does not build.
import { fill } from '../../../client/text.js';
import type { personalText } from './copy.js';
import {
  MAX_TITLE_LENGTH,
  type FieldKey,
  type PersonalErrorCode,
  type PersonalField,
  type PersonalKind,
  type PersonalProblem,
} from '../../records/personal.js';

type PersonalCopy = (typeof personalText)['ko'];
type FieldLabels = { readonly [K in PersonalKind]: { readonly [F in FieldKey<K>]: string } };

export function fieldLabel(copy: PersonalCopy, kind: PersonalKind, key: string): string {
  const labels: FieldLabels = copy.fields;
  return (labels[kind] as Readonly<Record<string, string>>)[key] ?? key;
}

/** The message for an error code; the length limit is the field's, or the title's when no field is given. */
export function problemText(copy: PersonalCopy, code: PersonalErrorCode, field?: PersonalField): string {
  const problems: Readonly<Record<PersonalProblem, string>> = copy.problems;
  const problem = code.slice('personal/'.length) as PersonalProblem;
  return fill(problems[problem], { max: field?.maxLength ?? MAX_TITLE_LENGTH });
}
