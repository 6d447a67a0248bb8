/**
 * A scriptable XMLHttpRequest for tests of uploads: records what was sent and lets the test
 * emit progress and answer. `FakeXhr.instances` lists every request made since the last reset.
 */
export class FakeXhr extends EventTarget {
  static instances: FakeXhr[] = [];
  static reset(): void {
    FakeXhr.instances = [];
  }
  /** Called for each request right after `send`, e.g. to answer it at once. */
  static onSend: ((xhr: FakeXhr) => void) | null = null;

  method = '';
  url = '';
  withCredentials = false;
  responseType: XMLHttpRequestResponseType = '';
  requestHeaders = new Headers();
  body: unknown = null;
  status = 0;
  response: unknown = '';
  responseText = '';
  isAborted = false;
  readonly upload = new EventTarget();
  private answerHeaders = '';

  constructor() {
    super();
    FakeXhr.instances.push(this);
  }

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.requestHeaders.set(name, value);
  }

  getAllResponseHeaders(): string {
    return this.answerHeaders;
  }

  send(body: unknown): void {
    this.body = body;
    FakeXhr.onSend?.(this);
  }

  abort(): void {
    this.isAborted = true;
    this.dispatchEvent(new Event('abort'));
  }

  /** Emits an upload progress event. */
  progress(loaded: number, total: number): void {
    const event = new ProgressEvent('progress', { loaded, total, lengthComputable: total > 0 });
    this.upload.dispatchEvent(event);
  }

  /** Answers with a status and a JSON body. */
  respond(status: number, body: unknown): void {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.response = this.responseText;
    this.answerHeaders = 'content-type: application/json\r\n';
    this.dispatchEvent(new Event('load'));
  }

  /** The connection failed. */
  failNetwork(): void {
    this.dispatchEvent(new Event('error'));
  }

  /** The fake as the DOM type the client expects. */
  asXhr(): XMLHttpRequest {
    return this as unknown as XMLHttpRequest;
  }
}
