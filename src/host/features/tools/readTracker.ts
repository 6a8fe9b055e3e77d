// What the model last saw of each file (through read_file or the prompt). An edit it proposes later was chosen from
// that text; if the user typed since, the core re-applies the edit only where it still fits.
export class ReadTracker {
  private readonly seen = new Map<string, string>();

  remember(absolutePath: string, text: string): void {
    this.seen.set(absolutePath, text);
  }

  lastRead(absolutePath: string): string | undefined {
    return this.seen.get(absolutePath);
  }
}
