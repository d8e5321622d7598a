import type uPlot from 'uplot';

/**
 * Stands in for uPlot, which needs a canvas jsdom does not have: records what the chart asked
 * for and puts an empty canvas where the plot would be. Use with
 * `vi.mock('uplot', async () => ({ default: (await import('…/test/uplot')).FakeUPlot }))`.
 */
export class FakeUPlot {
  static instances: FakeUPlot[] = [];

  readonly opts: uPlot.Options;
  data: uPlot.AlignedData;
  readonly cursor: { idx: number | null } = { idx: null };
  readonly sizes: { width: number; height: number }[] = [];
  readonly seriesCalls: { index: number; show: boolean | undefined }[] = [];
  destroyed = false;
  private readonly canvas: HTMLCanvasElement;

  constructor(opts: uPlot.Options, data: uPlot.AlignedData, target: HTMLElement) {
    this.opts = opts;
    this.data = data;
    this.canvas = document.createElement('canvas');
    target.appendChild(this.canvas);
    FakeUPlot.instances.push(this);
  }

  static latest(): FakeUPlot | undefined {
    return FakeUPlot.instances.at(-1);
  }

  static reset(): void {
    FakeUPlot.instances = [];
  }

  /** Whether series (1-based, as uPlot counts) is drawn now. */
  isShown(index: number): boolean {
    const last = this.seriesCalls.filter((call) => call.index === index).at(-1);
    return last ? last.show !== false : this.opts.series[index]?.show !== false;
  }

  /** Moves the cursor onto a data index, as hovering the plot does. */
  hover(idx: number | null): void {
    this.cursor.idx = idx;
    const hooks = this.opts.hooks?.setCursor ?? [];
    for (const hook of hooks) hook?.(this as unknown as uPlot);
  }

  setData(data: uPlot.AlignedData): void {
    this.data = data;
  }

  setSize(size: { width: number; height: number }): void {
    this.sizes.push(size);
  }

  setSeries(index: number, opts: { show?: boolean }): void {
    this.seriesCalls.push({ index, show: opts.show });
  }

  destroy(): void {
    this.destroyed = true;
    this.canvas.remove();
  }
}
