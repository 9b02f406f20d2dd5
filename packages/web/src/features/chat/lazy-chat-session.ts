import type { Character, Message, MessageContent, Project } from '@parley/core/entities';
import type { ModelDescriptor } from '@parley/core/models';
import { retryingImport } from '../../lib/retrying-import';
import type { ChatSession, ChatSessionDeps, SendOutcome } from './chat-session';

const loadSessionModule = () => retryingImport(() => import('./chat-session'));

/** Loads the session and the provider streaming chunk ahead of the first send (the user started typing). */
export function preloadChatSession(): void {
  // A failure here is only a missed head start: the send loads it again and reports.
  loadSessionModule()
    .then((module) => module.preloadStreaming())
    .catch(() => undefined);
}

/**
 * The chat session as the first screen holds it (decision 0079): the code that sends and streams
 * (ChatSession, the answer runner, request planning, the tool loop) is a chunk of its own, fetched
 * after the first screen has painted, when the user starts typing, or at the first send. Until it is
 * there nothing can be streaming, so the synchronous calls have nothing to do.
 */
export class LazyChatSession {
  private session: ChatSession | null = null;
  private loading: Promise<ChatSession> | undefined;

  constructor(private readonly deps: ChatSessionDeps) {}

  /** Fetches and builds the session once; every call returns the same promise. */
  load(): Promise<ChatSession> {
    this.loading ??= loadSessionModule().then(
      (module) => (this.session = new module.ChatSession(this.deps)),
      (error: unknown) => {
        this.loading = undefined;
        throw error;
      },
    );
    return this.loading;
  }

  followMove(from: string, to: string): void {
    if (this.session) this.session.followMove(from, to);
    else if (from !== to) void this.deps.active.follow(from, to);
  }

  isStreaming(chatId: string): boolean {
    return this.session?.isStreaming(chatId) ?? false;
  }

  stop(chatId: string): void {
    this.session?.stop(chatId);
  }

  endComparison(chatId: string): void {
    if (this.session) this.session.endComparison(chatId);
    else void this.load().then((session) => session.endComparison(chatId));
  }

  async send(
    chatId: string | null,
    text: MessageContent,
    compareWith: readonly ModelDescriptor[] = [],
  ): Promise<SendOutcome> {
    return (await this.load()).send(chatId, text, compareWith);
  }

  async startWithAgent(agent: Character): Promise<SendOutcome> {
    return (await this.load()).startWithAgent(agent);
  }

  async startInProject(
    project: Pick<Project, 'id' | 'defaultModel'>,
    agent?: Character,
  ): Promise<SendOutcome> {
    return (await this.load()).startInProject(project, agent);
  }

  async append(chatId: string, messages: readonly Message[]): Promise<SendOutcome> {
    return (await this.load()).append(chatId, messages);
  }

  async regenerate(chatId: string): Promise<SendOutcome> {
    return (await this.load()).regenerate(chatId);
  }

  async continueAnswer(chatId: string): Promise<SendOutcome> {
    return (await this.load()).continueAnswer(chatId);
  }

  async editAndResubmit(chatId: string, messageId: string, text: string): Promise<SendOutcome> {
    return (await this.load()).editAndResubmit(chatId, messageId, text);
  }
}
