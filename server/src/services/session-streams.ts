// The open live streams of this process, each with the session it was opened with, so that a
// revoked session's streams can be ended wherever they are (services/revocation.ts).
import type { Market } from '@jono/contract';

/**
 * Who a stream belongs to: a customer's refresh-token family, a staff or operator account's token
 * version, or a display's device code.
 */
export interface StreamOwner {
  market: Market;
  customerId?: number;
  staffId?: number;
  /** A shop display's device (its code is revoked, not a session). */
  deviceId?: number;
  /** An operator account; `market` is its home schema (decision 009). */
  operatorId?: number;
  /**
   * The access token's `fam`: a customer's refresh-token family, `staff:{tokenVersion}` or
   * `operator:{tokenVersion}`.
   */
  session?: string;
}

interface OpenStream {
  owner: StreamOwner;
  close: () => void;
}

export class SessionStreams {
  private readonly open = new Set<OpenStream>();

  /** Registers a stream; answers the function that forgets it (call it when the stream ends). */
  add(owner: StreamOwner, close: () => void): () => void {
    const entry = { owner, close };
    this.open.add(entry);
    return () => {
      this.open.delete(entry);
    };
  }

  /** Ends every stream whose owner matches; answers how many. */
  closeWhere(match: (owner: StreamOwner) => boolean): number {
    let closed = 0;
    for (const entry of [...this.open]) {
      if (!match(entry.owner)) continue;
      this.open.delete(entry);
      entry.close();
      closed++;
    }
    return closed;
  }

  owners(market: Market): StreamOwner[] {
    return [...this.open].filter((e) => e.owner.market === market).map((e) => e.owner);
  }

  get size(): number {
    return this.open.size;
  }
}
