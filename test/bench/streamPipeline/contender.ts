// One way of doing the whole job: POST the request, read the streamed answer to its end, and hand back the
// accumulated result. Each contender is built once (as an app builds its client once) and run many times.
import type { Answer } from './answer';

export interface Contender {
  /** Key in the figures: 'ours', 'sdk' or 'floor'. */
  name: string;
  /** What it is, for the table. */
  label: string;
  run(): Promise<Answer>;
}
