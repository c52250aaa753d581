/** A one-holder async lock: concurrent 401s wait for the single refresh in flight. */
export class AsyncLock {
  private current: Promise<void> | null = null;

  get locked(): boolean {
    return this.current !== null;
  }

  async acquire(): Promise<() => void> {
    while (this.current) await this.current;
    let release!: () => void;
    this.current = new Promise<void>((resolve) => {
      release = () => {
        this.current = null;
        resolve();
      };
    });
    return release;
  }

  async waitForUnlock(): Promise<void> {
    while (this.current) await this.current;
  }
}
