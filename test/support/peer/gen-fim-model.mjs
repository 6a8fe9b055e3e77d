// Writes a tiny hand-built llama-architecture GGUF model for fill-in-the-middle (no training, no download, same bytes
// every run). Derived from ../shared/peer/gen-tiny-model.mjs (the kit's chat model), changed so that llama-server's
// /infill accepts it and every FIM prompt gets one fixed middle:
//   * the vocabulary has Qwen2.5-Coder's FIM tokens, named by the GGUF metadata (tokenizer.ggml.fim_*_token_id), so
//     /infill builds [<|repo_name|>myproject\n][<|file_sep|>file\ntext]…<|fim_prefix|>…<|fim_suffix|>…<|fim_middle|>
//     and a raw Qwen FIM prompt on /completion or /v1/completions tokenizes to the same special tokens;
//   * the weights are a bigram chain: whatever came before, after <|fim_middle|> the greedy answer is
//     "return a + b;" (tokens `return`, `▁a▁+`, `▁b`, `;`) then <|endoftext|>, an end-of-generation token;
//   * the kit model's plain chat answer is kept because it costs nothing: after "\n" it says
//     "Hello! I am a tiny test model." then <|im_end|>. Its tool detectors and chat template are not: no FIM test needs
//     them, and without a template in the file llama-server falls back to its own ChatML.
// Usage: node gen-fim-model.mjs out.gguf
// Node's globals are imported, not assumed: the project's ESLint config gives .mjs files no Node environment.
import { Buffer } from 'node:buffer';
import fs from 'node:fs';
import process from 'node:process';

const out = process.argv[2] || 'fim-test-model.gguf';

// ---------------- vocabulary (SentencePiece "llama" style) ----------------
const T_NORMAL = 1, T_UNKNOWN = 2, T_CONTROL = 3, T_BYTE = 6;
const tokens = [], types = [];
const add = (t, ty) => { tokens.push(t); types.push(ty); return tokens.length - 1; };
const UNK = add('<unk>', T_UNKNOWN), BOS = add('<s>', T_CONTROL), EOS = add('</s>', T_CONTROL);
add('<|im_start|>', T_CONTROL);
const IM_END = add('<|im_end|>', T_CONTROL);
// Qwen2.5-Coder's spellings. Control tokens: llama-server parses them out of a raw prompt (/completion,
// /v1/completions tokenize with parse_special) but never out of /infill's input_prefix/input_suffix/input_extra text.
// llama.cpp counts <|endoftext|>, <|im_end|> and the pad/repo/file-separator ids as end-of-generation tokens.
const ENDOFTEXT = add('<|endoftext|>', T_CONTROL);
const FIM_PRE = add('<|fim_prefix|>', T_CONTROL), FIM_SUF = add('<|fim_suffix|>', T_CONTROL);
const FIM_MID = add('<|fim_middle|>', T_CONTROL), FIM_PAD = add('<|fim_pad|>', T_CONTROL);
const FIM_REP = add('<|repo_name|>', T_CONTROL), FIM_SEP = add('<|file_sep|>', T_CONTROL);
for (let b = 0; b < 256; b++) add('<0x' + b.toString(16).toUpperCase().padStart(2, '0') + '>', T_BYTE);
const charId = {};
charId['\n'] = add('\n', T_NORMAL);
charId[' '] = add('\u2581', T_NORMAL);
for (let c = 33; c < 127; c++) charId[String.fromCharCode(c)] = add(String.fromCharCode(c), T_NORMAL);
const word = {};
for (const w of ['Hello', '\u2581I', '\u2581am', '\u2581a', '\u2581tiny', '\u2581test', '\u2581model']) word[w] = add(w, T_NORMAL);
// The middle's own pieces. `▁a` is the chat chain's, so the middle uses `▁a▁+`. Like `return`, the tokenizer never
// builds it from text: SentencePiece merges two pieces only when their join is in the vocabulary, and no piece on the
// way to either is (no `▁a▁` or `▁+`, no `re` or `retur`), so prompts tokenize as they would without them.
// `▁b` and `;` can come out of prompt text too; the chain reads only the last token, so that does not matter.
const middle = ['return', '\u2581a\u2581+', '\u2581b'].map((piece) => add(piece, T_NORMAL));
const V = tokens.length;

// ---------------- dimensions ----------------
// One-hot embeddings need D > V. One key/value head (k and v have HD outputs, not D) keeps the file smaller than the
// kit's (4.4 MB against 5.9 MB); attention is all zeros anyway.
const D = 512, NH = 4, NKV = 1, HD = D / NH, NFF = 32, CTX = 8192;
if (V + 1 > D) throw new Error('vocab too large for one-hot embedding');
const B = D - 1;   // constant "bias" dimension present in every embedding

const f32 = (n) => new Float32Array(n);
// numpy-style (rows=out, cols=in) row-major; GGUF ne = [cols, rows]
const mat = (rows, cols) => ({ rows, cols, data: f32(rows * cols) });
const set = (m, r, c, v) => { m.data[r * m.cols + c] = v; };

const tokEmbd = mat(V, D);
for (let i = 0; i < V; i++) { set(tokEmbd, i, i, 1); set(tokEmbd, i, B, 1); }

// Attention and FFN are all zeros, so the last layer's state is the last token's embedding: the next token depends on
// the last one alone, and <|fim_middle|> is always last in a FIM prompt whatever the prefix, suffix or extra files.
const output = mat(V, D); // logits_j = sum_k output[j,k] * rmsnorm(h)_k
const chain = (ids) => { for (let i = 0; i < ids.length - 1; i++) set(output, ids[i + 1], ids[i], 2.0); };
chain([FIM_MID, ...middle, charId[';'], ENDOFTEXT]);
// The kit's chat answer, minus its tool-call paths.
chain([charId['\n'], word['Hello'], charId['!'], word['\u2581I'], word['\u2581am'], word['\u2581a'],
  word['\u2581tiny'], word['\u2581test'], word['\u2581model'], charId['.'], IM_END]);
// Any other last token (a prompt that is not a FIM prompt, or one whose <|fim_middle|> is not last) ends at once with
// an empty answer instead of a tie that greedy decoding breaks by picking some byte token up to the length limit:
// every embedding has the bias dimension, so this small logit loses to each chain link's (2.0 against 0.5).
set(output, ENDOFTEXT, B, 0.5);

const ones = () => { const a = f32(D); a.fill(1); return { rows: 1, cols: D, data: a, vec: true }; };
const tensors = [
  ['token_embd.weight', tokEmbd],
  ['output_norm.weight', ones()],
  ['output.weight', output],
  ['blk.0.attn_norm.weight', ones()],
  ['blk.0.attn_q.weight', mat(D, D)],
  ['blk.0.attn_k.weight', mat(NKV * HD, D)],
  ['blk.0.attn_v.weight', mat(NKV * HD, D)],
  ['blk.0.attn_output.weight', mat(D, D)],
  ['blk.0.ffn_norm.weight', ones()],
  ['blk.0.ffn_gate.weight', mat(NFF, D)],
  ['blk.0.ffn_up.weight', mat(NFF, D)],
  ['blk.0.ffn_down.weight', mat(D, NFF)],
];

// ---------------- GGUF v3 writer ----------------
const G = { U32: 4, I32: 5, F32: 6, BOOL: 7, STR: 8, ARR: 9, U64: 10 };
const chunks = [];
let size = 0;
const push = (buf) => { chunks.push(buf); size += buf.length; };
const u32 = (n) => { const b = Buffer.alloc(4); b.writeUInt32LE(n); push(b); };
const i32 = (n) => { const b = Buffer.alloc(4); b.writeInt32LE(n); push(b); };
const u64 = (n) => { const b = Buffer.alloc(8); b.writeBigUInt64LE(BigInt(n)); push(b); };
const fl = (n) => { const b = Buffer.alloc(4); b.writeFloatLE(n); push(b); };
const str = (s) => { const b = Buffer.from(s, 'utf8'); u64(b.length); push(b); };
const kvs = [
  ['general.architecture', G.STR, 'llama'],
  ['general.name', G.STR, 'fim-test-model'],
  ['general.alignment', G.U32, 32],
  ['llama.context_length', G.U32, CTX],
  ['llama.embedding_length', G.U32, D],
  ['llama.block_count', G.U32, 1],
  ['llama.feed_forward_length', G.U32, NFF],
  ['llama.attention.head_count', G.U32, NH],
  ['llama.attention.head_count_kv', G.U32, NKV],
  ['llama.rope.dimension_count', G.U32, HD],
  ['llama.rope.freq_base', G.F32, 1e9],
  ['llama.attention.layer_norm_rms_epsilon', G.F32, 1e-6],
  ['llama.vocab_size', G.U32, V],
  ['tokenizer.ggml.model', G.STR, 'llama'],
  ['tokenizer.ggml.tokens', G.ARR, [G.STR, tokens]],
  ['tokenizer.ggml.scores', G.ARR, [G.F32, tokens.map(() => 0)]],
  ['tokenizer.ggml.token_type', G.ARR, [G.I32, types]],
  ['tokenizer.ggml.bos_token_id', G.U32, BOS],
  ['tokenizer.ggml.eos_token_id', G.U32, ENDOFTEXT],
  ['tokenizer.ggml.unknown_token_id', G.U32, UNK],
  ['tokenizer.ggml.padding_token_id', G.U32, EOS],
  // llama.cpp would find these by their text too; the metadata says it outright, as converted Qwen2.5-Coder files do.
  // /infill refuses a model without pre/suf/mid; rep and sep make it put input_extra in the repo-level layout.
  ['tokenizer.ggml.fim_pre_token_id', G.U32, FIM_PRE],
  ['tokenizer.ggml.fim_suf_token_id', G.U32, FIM_SUF],
  ['tokenizer.ggml.fim_mid_token_id', G.U32, FIM_MID],
  ['tokenizer.ggml.fim_pad_token_id', G.U32, FIM_PAD],
  ['tokenizer.ggml.fim_rep_token_id', G.U32, FIM_REP],
  ['tokenizer.ggml.fim_sep_token_id', G.U32, FIM_SEP],
  ['tokenizer.ggml.add_bos_token', G.BOOL, false],
  ['tokenizer.ggml.add_eos_token', G.BOOL, false],
  ['tokenizer.ggml.add_space_prefix', G.BOOL, false],
];
const val = (type, x) => {
  if (type === G.STR) str(x); else if (type === G.U32) u32(x); else if (type === G.I32) i32(x);
  else if (type === G.F32) fl(x); else if (type === G.BOOL) push(Buffer.from([x ? 1 : 0]));
  else if (type === G.ARR) { const [et, arr] = x; u32(et); u64(arr.length); for (const e of arr) val(et, e); }
};
push(Buffer.from('GGUF', 'latin1')); u32(3); u64(tensors.length); u64(kvs.length);
for (const [key, type, x] of kvs) { str(key); u32(type); val(type, x); }
const align = (n) => (n + 31) & ~31;
let off = 0;
for (const [name, m] of tensors) {
  str(name);
  if (m.vec) { u32(1); u64(m.cols); } else { u32(2); u64(m.cols); u64(m.rows); }
  u32(0); // F32
  u64(off);
  off = align(off + m.data.length * 4);
}
push(Buffer.alloc(align(size) - size));
for (const [, m] of tensors) {
  const b = Buffer.from(m.data.buffer, m.data.byteOffset, m.data.byteLength);
  push(b); push(Buffer.alloc(align(b.length) - b.length));
}
fs.writeFileSync(out, Buffer.concat(chunks));
process.stdout.write(`wrote ${out}: ${size} bytes, vocab ${V}, n_embd ${D}\n`);
