// Syntax highlighting with highlight.js's core and a hand-picked set of languages: the full build registers ~190
// languages (~900 KB); these cover what assistants answer in and keep the webview bundle small. Unknown languages are
// shown unhighlighted rather than guessed: auto-detection runs every grammar and the streaming tail is highlighted
// every frame.
import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import c from 'highlight.js/lib/languages/c';
import cpp from 'highlight.js/lib/languages/cpp';
import csharp from 'highlight.js/lib/languages/csharp';
import css from 'highlight.js/lib/languages/css';
import diff from 'highlight.js/lib/languages/diff';
import go from 'highlight.js/lib/languages/go';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import markdown from 'highlight.js/lib/languages/markdown';
import python from 'highlight.js/lib/languages/python';
import rust from 'highlight.js/lib/languages/rust';
import shell from 'highlight.js/lib/languages/shell';
import sql from 'highlight.js/lib/languages/sql';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';
import { escapeHtml } from './escapeHtml';

const LANGUAGES = { bash, c, cpp, csharp, css, diff, go, java, javascript, json, markdown, python, rust, shell, sql, typescript, xml, yaml };
for (const [name, language] of Object.entries(LANGUAGES)) hljs.registerLanguage(name, language);

/** Whether a fence's language tag names a language we load (`ts`, `py`, `sh`, `html` and other aliases included). */
export function isKnownLanguage(tag: string): boolean {
  return tag !== '' && hljs.getLanguage(tag) !== undefined;
}

/** Highlighted HTML for `code`, or the escaped code when the language is not one we load. */
export function highlightCode(code: string, tag: string): string {
  if (!isKnownLanguage(tag)) return escapeHtml(code);
  return hljs.highlight(code, { language: tag, ignoreIllegals: true }).value;
}
