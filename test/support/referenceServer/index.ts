// The reference server: a loopback chat-completions server that implements the service interface exactly, with
// scripted answers and fault injection, and on request the completion endpoints inline code completion uses, for
// unit, integration and e2e tests and the demo mode.
export { startReferenceServer, DEFAULT_MODEL } from './server';
export { DEFAULT_ANSWER_TEXT } from './answerPlan';
export { DEFAULT_MIDDLE_TEXT } from './completionRoutes';
export { textTurn, toolCallsTurn, faultTurn, replayTurn } from './turns';
export { exampleFromSchema } from './exampleFromSchema';
export { approximateTokens } from './tokens';
export type { ChatMessage, ChatRequest } from './validateChatRequest';
export type {
  AnswerTurn,
  CompletionRoute,
  CompletionRoutesOptions,
  ErrorBodyShape,
  ErrorEventFault,
  Fault,
  FaultTurn,
  GarbageLineFault,
  HugeAnswerFault,
  JsonToStreamFault,
  NoDoneFault,
  RecordedCompletion,
  RecordedRequest,
  ReferenceServer,
  ReferenceServerOptions,
  ReplayTurn,
  ResetMidStreamFault,
  ScriptedToolCall,
  SlowDripFault,
  StallFault,
  StatusFault,
  TextTurn,
  ToolCallsTurn,
  Turn,
  Usage,
} from './types';
export type { UnknownRouteAnswer } from './unknownRoute';
