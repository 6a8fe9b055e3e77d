// The recorded response-header cases (test/fixtures/headers/cases.json, each with its source in the README there).
import fs from 'node:fs';
import path from 'node:path';
import type { AnswerHeaders } from '../../src/core/protocol/answerHeaders';

export interface HeaderCase {
  name: string;
  headers: Record<string, string>;
  expected: AnswerHeaders;
}

export const HEADER_CASES = JSON.parse(fs.readFileSync(path.join(__dirname, '../fixtures/headers/cases.json'), 'utf8')) as HeaderCase[];
