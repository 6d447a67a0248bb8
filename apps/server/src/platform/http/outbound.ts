import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, buildConnector, fetch as undiciFetch } from 'undici';

/**
 * The one HTTP client for calls the server makes on a user's behalf to an address a user or an
 * admin chose (SSO discovery, JWKS and token endpoints; later AI providers, webhooks, law sources).
 *
 * The check sits where the socket is opened, on the address actually connected to: a name is
 * resolved by our lookup, which drops every refused address (so DNS rebinding between a check and
 * the connection cannot pass), and an IP literal is checked before connecting. Refused: loopback,
 * private (10/8, 172.16/12, 192.168/16), CGNAT 100.64/10, link-local 169.254/16 (the cloud metadata
 * address), unspecified, broadcast, multicast and reserved ranges, IPv6 loopback, ULA fc00::/7 and
 * link-local fe80::/10, and IPv4-mapped / NAT64 / 6to4 forms of refused IPv4 addresses. Decimal,
 * octal and hex IPv4 spellings (`2130706433`, `0177.0.0.1`, `0x7f.1`) are normalised by the URL
 * parser before they get here, so they meet the same check.
 *
 * An operator allows internal services (a self-hosted IdP or model server) by host name or CIDR
 * (OUTBOUND_ALLOW_HOSTS). Redirects are followed by hand, at most 3, each hop through the same
 * check; answers are cut off past a size cap; connect, header, body and overall timeouts apply.
 */

export type OutboundFailure =
  /** The URL is not http(s), or has credentials in it. */
  | 'BAD_URL'
  /** Every address of the host is one the server may not call. */
  | 'REFUSED_ADDRESS'
  /** The name does not resolve, or the connection failed. */
  | 'UNREACHABLE'
  | 'TIMEOUT'
  | 'TOO_LARGE'
  | 'TOO_MANY_REDIRECTS';

export class OutboundError extends TypeError {
  constructor(
    readonly reason: OutboundFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'OutboundError';
  }
}

export interface OutboundOptions {
  /** Host names (exact, case-insensitive; `*.corp.example` for sub-domains) and IPs/CIDRs that may be private. */
  allow?: readonly string[];
  /** Whole call, redirects and body included (default 10 s). */
  timeoutMs?: number;
  /** Largest answer body (default 5 MiB). */
  maxResponseBytes?: number;
  /** Redirects followed (default 3). */
  maxRedirects?: number;
}

/** A `fetch` with the checks: same arguments and answer as the global one. */
export type OutboundFetch = (input: string | URL, init?: RequestInit) => Promise<Response>;

export interface OutboundClient {
  fetch: OutboundFetch;
  close(): Promise<void>;
}

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** ipaddr.js range names that are the public internet; every other range is refused. */
const PUBLIC_RANGES = new Set(['unicast']);

export class AddressPolicy {
  private readonly hosts = new Set<string>();
  private readonly suffixes: string[] = [];
  private readonly ranges: Range[] = [];

  constructor(allow: readonly string[] = []) {
    for (const raw of allow) {
      const entry = raw.trim().toLowerCase();
      if (!entry) continue;
      if (entry.includes('/')) this.ranges.push(ipaddr.parseCIDR(entry));
      else if (ipaddr.isValid(entry)) {
        const address = ipaddr.parse(entry);
        this.ranges.push([address, address.kind() === 'ipv4' ? 32 : 128]);
      } else if (entry.startsWith('*.')) this.suffixes.push(entry.slice(1));
      else this.hosts.add(entry.replace(/\.$/, ''));
    }
  }

  /** A host name the operator allowed: any address it resolves to may be called. */
  isHostAllowed(hostname: string): boolean {
    const name = hostname.toLowerCase().replace(/\.$/, '');
    return this.hosts.has(name) || this.suffixes.some((suffix) => name.endsWith(suffix));
  }

  /** Whether the server may connect to this IP address. */
  isAddressAllowed(address: string): boolean {
    if (!ipaddr.isValid(address)) return false;
    const parsed = ipaddr.parse(address);
    if (this.ranges.some(([base, bits]) => parsed.kind() === base.kind() && parsed.match(base, bits))) return true;
    return isPublic(parsed) && !this.embedsRefusedIpv4(parsed);
  }

  /** IPv6 forms that carry an IPv4 address (mapped, NAT64, 6to4) count as that address. */
  private embedsRefusedIpv4(address: ipaddr.IPv4 | ipaddr.IPv6): boolean {
    if (address.kind() !== 'ipv6') return false;
    const bytes = address.toByteArray();
    const isNat64 = address.match(ipaddr.parseCIDR('64:ff9b::/96'));
    const is6to4 = address.match(ipaddr.parseCIDR('2002::/16'));
    if (!isNat64 && !is6to4) return false;
    const v4 = ipaddr.fromByteArray(isNat64 ? bytes.slice(12, 16) : bytes.slice(2, 6)).toString();
    return !this.isAddressAllowed(v4);
  }
}

function isPublic(address: ipaddr.IPv4 | ipaddr.IPv6): boolean {
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()) {
    return isPublic((address as ipaddr.IPv6).toIPv4Address());
  }
  // 6to4 and NAT64 are 'unicast'-like ranges of their own in ipaddr.js: judged by the embedded IPv4.
  const range = address.range();
  return PUBLIC_RANGES.has(range) || range === '6to4' || range === 'rfc6052';
}

function stripBrackets(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}

/** dns.lookup, keeping only the addresses the policy allows (all of them for an allowed name). */
function guardedLookup(policy: AddressPolicy): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as unknown as dns.LookupAddress[];
      const allowed = policy.isHostAllowed(hostname) ? list : list.filter((a) => policy.isAddressAllowed(a.address));
      if (allowed.length === 0) {
        return callback(new OutboundError('REFUSED_ADDRESS', 'the host resolves to no address the server may call'), '', 0);
      }
      if ((options as dns.LookupOptions).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, allowed);
      callback(null, allowed[0]!.address, allowed[0]!.family);
    });
  };
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const NULL_BODY = new Set([101, 204, 205, 304]);

export function createOutboundClient(options: OutboundOptions = {}): OutboundClient {
  const policy = new AddressPolicy(options.allow);
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxResponseBytes = options.maxResponseBytes ?? 5 * 1024 * 1024;
  const maxRedirects = options.maxRedirects ?? 3;

  const baseConnect = buildConnector({ timeout: timeoutMs, lookup: guardedLookup(policy) } as buildConnector.BuildOptions);
  const agent = new Agent({
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    connect: (connectOptions, callback) => {
      // An IP literal opens the socket without a lookup: check it here, on the address itself.
      const host = stripBrackets(connectOptions.hostname);
      if (net.isIP(host) && !policy.isAddressAllowed(host)) {
        callback(new OutboundError('REFUSED_ADDRESS', 'the server may not call this address'), null);
        return;
      }
      baseConnect(connectOptions, callback);
    },
  });

  async function send(input: string | URL, init: RequestInit = {}): Promise<Response> {
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    let url = toUrl(input);
    let method = (init.method ?? 'GET').toUpperCase();
    let body = init.body;
    const headers = new Headers(init.headers);
    const mode = init.redirect ?? 'follow';
    for (let hop = 0; ; hop++) {
      let response: Response;
      try {
        response = (await undiciFetch(url, {
          method,
          headers: Object.fromEntries(headers),
          body: body as never,
          redirect: 'manual',
          signal,
          dispatcher: agent,
        })) as unknown as Response;
      } catch (err) {
        throw classify(err, timeout);
      }
      if (!REDIRECTS.has(response.status) || mode === 'manual') return capped(response, maxResponseBytes, timeout);
      await response.body?.cancel().catch(() => undefined);
      if (mode === 'error') throw new OutboundError('UNREACHABLE', 'the answer is a redirect');
      if (hop >= maxRedirects) throw new OutboundError('TOO_MANY_REDIRECTS', `more than ${maxRedirects} redirects`);
      const location = response.headers.get('location');
      if (!location) throw new OutboundError('UNREACHABLE', 'a redirect without a location');
      const next = toUrl(new URL(location, url));
      // The next hop goes through the same agent: its address is checked like the first one's.
      if (next.origin !== url.origin) {
        headers.delete('authorization');
        headers.delete('cookie');
      }
      if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === 'POST')) {
        method = method === 'HEAD' ? 'HEAD' : 'GET';
        body = undefined;
        headers.delete('content-type');
        headers.delete('content-length');
      }
      url = next;
    }
  }

  return { fetch: send, close: () => agent.close() };
}

function toUrl(input: string | URL): URL {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new OutboundError('BAD_URL', 'not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundError('BAD_URL', 'only http and https URLs are called');
  if (url.username || url.password) throw new OutboundError('BAD_URL', 'credentials in the URL are not sent');
  return url;
}

/** The undici error as one of ours: refused, timed out, or unreachable (never the raw cause's text). */
function classify(err: unknown, timeout: AbortSignal): unknown {
  const chain: unknown[] = [];
  for (let e: unknown = err; e && chain.length < 6; e = (e as { cause?: unknown }).cause) chain.push(e);
  const ours = chain.find((e): e is OutboundError => e instanceof OutboundError);
  if (ours) return ours;
  if (timeout.aborted) return new OutboundError('TIMEOUT', 'the call took too long', { cause: err });
  const codes = chain.map((e) => (e as { code?: string; name?: string }).code ?? (e as { name?: string }).name);
  if (codes.some((c) => c === 'UND_ERR_CONNECT_TIMEOUT' || c === 'UND_ERR_HEADERS_TIMEOUT' || c === 'UND_ERR_BODY_TIMEOUT' || c === 'TimeoutError')) {
    return new OutboundError('TIMEOUT', 'the call took too long', { cause: err });
  }
  // The caller's own abort stays an abort.
  if ((err as { name?: string }).name === 'AbortError') return err;
  return new OutboundError('UNREACHABLE', 'the host could not be reached', { cause: err });
}

/** The answer with a body that errors past `maxBytes` (and a Content-Length over it refused at once). */
function capped(response: Response, maxBytes: number, timeout: AbortSignal): Response {
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    void response.body?.cancel().catch(() => undefined);
    throw new OutboundError('TOO_LARGE', `the answer is larger than ${maxBytes} bytes`);
  }
  if (!response.body || NULL_BODY.has(response.status)) {
    return new Response(null, { status: response.status, statusText: response.statusText, headers: response.headers });
  }
  let seen = 0;
  const limiter = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      seen += chunk.byteLength;
      if (seen > maxBytes) controller.error(new OutboundError('TOO_LARGE', `the answer is larger than ${maxBytes} bytes`));
      else controller.enqueue(chunk);
    },
  });
  const body = (response.body as ReadableStream<Uint8Array>).pipeThrough(limiter, { signal: timeout });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}
