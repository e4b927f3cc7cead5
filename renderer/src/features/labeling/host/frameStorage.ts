/**
 * A sandboxed frame has an opaque origin, where reading `localStorage` or `sessionStorage`
 * throws. Label Studio's editors keep small settings there (panel sizes, options) and would stop
 * on that error; they get a storage that lives as long as the frame instead. Nothing is shared
 * with the app or kept between tasks' frames, which is the point.
 */
class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();

  get length(): number {
    return this.items.size;
  }

  clear(): void {
    this.items.clear();
  }

  getItem(key: string): string | null {
    return this.items.get(String(key)) ?? null;
  }

  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }

  removeItem(key: string): void {
    this.items.delete(String(key));
  }

  setItem(key: string, value: string): void {
    this.items.set(String(key), String(value));
  }
}

function isUsable(name: 'localStorage' | 'sessionStorage'): boolean {
  try {
    return window[name] !== null;
  } catch {
    return false;
  }
}

export function installMemoryStorage(): void {
  for (const name of ['localStorage', 'sessionStorage'] as const) {
    if (isUsable(name)) continue;
    Object.defineProperty(window, name, { value: new MemoryStorage(), configurable: true });
  }
}
