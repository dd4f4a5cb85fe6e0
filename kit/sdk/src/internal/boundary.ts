/**
 * What the Scape docs say Gizmo code does not receive ("The host boundary": "Your code does not
 * receive the DOM, raw Three.js scene, camera, shaders, audio context, network, credentials, or
 * timers"). The validation engine and the host leave these undefined, as the docs say; a
 * ReferenceError for one of them carries a hint naming the rule, so the author reads why rather
 * than suspecting a typo. Under Node they exist and the hint never applies.
 */
import { dataValue } from './display.js';

const KINDS: readonly (readonly [string, readonly string[]])[] = [
  ['timers', ['setTimeout', 'setInterval', 'setImmediate', 'clearTimeout', 'clearInterval', 'clearImmediate', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback']],
  ['the network', ['fetch', 'XMLHttpRequest', 'WebSocket', 'EventSource', 'Request', 'Response', 'Headers', 'navigator']],
  ['the DOM', ['document', 'window', 'self', 'HTMLElement', 'Element', 'customElements', 'localStorage', 'sessionStorage', 'indexedDB', 'location', 'history', 'Image']],
  ['an audio context', ['AudioContext', 'OfflineAudioContext', 'webkitAudioContext', 'Audio']],
];

const NOT_DEFINED = / is not defined$/;

/** The hint for a ReferenceError naming something the host boundary withholds ('' otherwise). */
export function boundaryHint(err: unknown): string {
  if (!(err instanceof ReferenceError)) return '';
  const message = dataValue(err, 'message');
  if (typeof message !== 'string' || !NOT_DEFINED.test(message)) return '';
  const name = message.slice(0, message.length - ' is not defined'.length);
  for (let k = 0; k < KINDS.length; k++) {
    if (KINDS[k][1].indexOf(name) >= 0) return ` (Gizmo code does not receive ${KINDS[k][0]}: see "The host boundary" in the Scape docs)`;
  }
  return '';
}
