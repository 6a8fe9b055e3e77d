// A conversation of 200 turns (100 questions, 100 answers) of realistic size, for the heap figure: questions of a
// sentence or three, some with a selection attached; answers of 1–6 KB with prose, lists and one or two code blocks.
import type { ChatViewState, ContextChip, ViewTurn } from '../../../src/core/chat/webviewProtocol';
import { seededRandom } from '../streamPipeline/seededRandom';
import { buildBenchAnswer } from './benchAnswer';

export function longConversation(turns = 200): ChatViewState {
  const random = seededRandom(4242);
  const list: ViewTurn[] = [];
  for (let index = 0; index < turns / 2; index++) {
    const answer = buildBenchAnswer(1000 + index, random.int(1_000, 6_000), random.int(1, 2));
    const context: ContextChip[] =
      random.next() < 0.3
        ? [{ id: `chip-${index}`, kind: 'selection', label: `file${index}.ts:1-40`, path: `/w/file${index}.ts`, languageId: 'typescript', startLine: 1, endLine: 40, text: answer.text.slice(0, 1_500), truncatedCharacters: 0 }]
        : [];
    list.push({ id: `u${index}`, role: 'user', text: answer.reasoning.slice(0, random.int(60, 400)), context });
    list.push({ id: `a${index}`, role: 'assistant', text: answer.text, reasoning: random.next() < 0.3 ? answer.reasoning : '', status: 'done', footer: `model bench · total ${random.int(1, 40)} s` });
  }
  return {
    conversationId: 'long',
    turns: list,
    pendingContext: [],
    busy: false,
    model: 'bench-model',
    profile: 'Default',
    profiles: ['Default'],
    history: Array.from({ length: 30 }, (_, index) => ({ id: `h${index}`, title: `Conversation ${index}`, updatedAt: 1_700_000_000_000 + index, turns: 10 })),
  };
}
