// The model renderer: /static/model.js, its own bundle with the vendored three.js, which the
// page loads only when a placed definition has a model (modelhook.ts). Each instance's GLB is
// drawn with its presentation (materials, sky/ground/key/fill lighting, exposure, shadow, rest
// pose) into a textureSize × textureSize render target that the canvas draws on the instance's
// cell; transitions play its animate() timelines. What here is a local approximation of the
// hosted renderer (camera, units, shadow, label) is listed in docs/world.md, "Models".

import * as THREE from 'three';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';
import { frameAt, labelAt, REST_FRAME, type GizmoFrame, type GizmoLabelFrame, type GizmoTimeline, type ModelRenderer, type WorldModels } from './modeltime';

/** The render target covers VIEW_W × VIEW_H cells; the model's origin sits ORIGIN_Y cells above its bottom. */
export const VIEW_W = 2, VIEW_H = 2, ORIGIN_Y = 0.75;
/** The camera looks down at the model from this elevation (radians above the horizon). */
export const ELEVATION = Math.PI / 6;

type Presentation = WorldModels['types'][string]['presentation'];

interface TypeScene {
  sum: string;
  p: Presentation;
  spin: number;
  scene: THREE.Scene;
  pivot: THREE.Group; // holds the model: rotation, x and lift apply here
  shadow: THREE.Mesh;
  shadowMaterial: THREE.MeshBasicMaterial;
  ready: boolean;
}

interface Playing {
  type: string;
  timeline: GizmoTimeline | null; // null: the rest pose
  key: string | null;
  start: number; // performance.now() when it started here
  live: boolean; // a change seen by this tab (its label shows), not the settled state on load
  image: HTMLCanvasElement;
  drawn: string; // the pose last rendered into image
  frame: GizmoFrame;
  done: boolean;
  label: { text: string; opacity: number; y: number } | null;
}

const reducedQuery = typeof matchMedia === 'function' ? matchMedia('(prefers-reduced-motion: reduce)') : null;
const reduced = (): boolean => reducedQuery?.matches === true;

let renderer: THREE.WebGLRenderer | null = null;
const camera = new THREE.OrthographicCamera(-VIEW_W / 2, VIEW_W / 2, VIEW_H - ORIGIN_Y, -ORIGIN_Y, 0.1, 100);
camera.position.set(0, 10 * Math.sin(ELEVATION), 10 * Math.cos(ELEVATION));
camera.lookAt(0, 0, 0);
camera.updateProjectionMatrix();

const types = new Map<string, TypeScene>();
const playing = new Map<string, Playing>();
const glbs = new Map<string, Promise<THREE.Group>>();

function glRenderer(): THREE.WebGLRenderer {
  if (!renderer) {
    renderer = new THREE.WebGLRenderer({ alpha: true, antialias: true, preserveDrawingBuffer: true });
    renderer.setPixelRatio(1);
    renderer.setClearColor(0x000000, 0);
    renderer.outputColorSpace = THREE.SRGBColorSpace;
    renderer.toneMapping = THREE.LinearToneMapping;
  }
  return renderer;
}

function loadGLB(sum: string, fetchModel: (sum: string) => Promise<ArrayBuffer>): Promise<THREE.Group> {
  let g = glbs.get(sum);
  if (!g) {
    g = fetchModel(sum).then((data) => new Promise<THREE.Group>((resolve, reject) => new GLTFLoader().parse(data, '', (gltf) => resolve(gltf.scene), reject)));
    glbs.set(sum, g);
    g.catch(() => glbs.delete(sum));
  }
  return g;
}

/** A scene for one definition: its model fitted (fitSize / nominalSize), its lights and shadow. */
function buildScene(sum: string, p: Presentation, spin: number, fetchModel: (sum: string) => Promise<ArrayBuffer>): TypeScene {
  const scene = new THREE.Scene();
  const l = p.lighting;
  const hemi = new THREE.HemisphereLight(l.sky, l.ground, l.ambient);
  const key = new THREE.DirectionalLight(l.keyColor, l.key);
  key.position.set(l.keyPosition[0], l.keyPosition[1], l.keyPosition[2]);
  const fill = new THREE.DirectionalLight(l.fillColor, l.fill);
  fill.position.set(l.fillPosition[0], l.fillPosition[1], l.fillPosition[2]);
  const pivot = new THREE.Group();
  const shadowMaterial = new THREE.MeshBasicMaterial({ color: p.shadow.color, transparent: true, opacity: 0.35, depthWrite: false });
  const shadow = new THREE.Mesh(new THREE.CircleGeometry(0.5, 48), shadowMaterial);
  shadow.rotation.x = -Math.PI / 2; // lying on the ground
  shadow.renderOrder = -1;
  scene.add(hemi, key, fill, shadow, pivot);
  const ts: TypeScene = { sum, p, spin, scene, pivot, shadow, shadowMaterial, ready: false };
  void loadGLB(sum, fetchModel).then((model) => {
    const fitted = new THREE.Group();
    if (!(p.nominalSize > 0)) { // a bare model (scape gizmo model --png): its own largest extent
      const size = new THREE.Box3().setFromObject(model).getSize(new THREE.Vector3());
      p.nominalSize = Math.max(size.x, size.y, size.z) || 1;
    }
    const s = p.fitSize / p.nominalSize;
    fitted.scale.set(s, s, s);
    fitted.add(model);
    model.traverse((o) => {
      const m = o as THREE.Mesh;
      if (!m.isMesh) return;
      for (const mat of Array.isArray(m.material) ? m.material : [m.material]) {
        const color = p.materials[mat.name];
        if (color !== undefined && (mat as THREE.MeshStandardMaterial).color) (mat as THREE.MeshStandardMaterial).color.set(color);
      }
    });
    pivot.add(fitted);
    ts.ready = true;
    for (const pl of playing.values()) if (pl.type && types.get(pl.type) === ts) pl.drawn = '';
    changed();
  }, (err) => console.warn('model', sum, err));
  return ts;
}

let onChange: (() => void) | null = null;
function changed(): void { onChange?.(); }

const spinStart = performance.now();

/** The instance's pose now: its timeline's frame, the rest pose composed after it, the spin. */
function pose(pl: Playing, ts: TypeScene, now: number): { frame: GizmoFrame; q: THREE.Quaternion; spinning: boolean } {
  const at = pl.timeline ? frameAt(pl.timeline, now - pl.start, reduced() || !pl.live) : { frame: REST_FRAME, done: true };
  pl.frame = at.frame;
  pl.done = at.done;
  const r = ts.p.rest, f = at.frame.rotation;
  // rest × frame: the frame turns the model, then the rest pose presents it to the camera.
  const q = new THREE.Quaternion(r[0], r[1], r[2], r[3]).multiply(new THREE.Quaternion(f[0], f[1], f[2], f[3]));
  const spinning = ts.spin !== 0 && !reduced();
  if (spinning) q.premultiply(new THREE.Quaternion().setFromAxisAngle(new THREE.Vector3(0, 1, 0), (ts.spin * (now - spinStart)) / 1000));
  return { frame: at.frame, q, spinning };
}

function render(pl: Playing, ts: TypeScene, now: number): void {
  const { frame, q, spinning } = pose(pl, ts, now);
  const size = Math.max(1, Math.round(ts.p.textureSize));
  const sig = `${size}|${q.x},${q.y},${q.z},${q.w}|${frame.x}|${frame.lift}|${frame.shadow.join(',')}`;
  if (sig === pl.drawn && !spinning) return;
  pl.drawn = sig;
  ts.pivot.quaternion.set(q.x, q.y, q.z, q.w);
  ts.pivot.position.set(frame.x, frame.lift, 0);
  // The shadow lies on the ground (shadow.z below the origin, in model units like the model),
  // follows x and drifts by xFactor per cell of lift; frame.shadow scales its width and depth and
  // its opacity.
  const s = ts.p.fitSize / ts.p.nominalSize;
  ts.shadow.position.set(frame.x + frame.lift * ts.p.shadow.xFactor, ts.p.shadow.z * s, 0);
  ts.shadow.scale.set(ts.p.fitSize * frame.shadow[0], ts.p.fitSize * frame.shadow[1] * 0.5, 1);
  ts.shadowMaterial.opacity = Math.max(0, Math.min(1, 0.35 * frame.shadow[2]));
  const gl = glRenderer();
  gl.toneMappingExposure = ts.p.lighting.exposure;
  if (gl.domElement.width !== size || gl.domElement.height !== size) gl.setSize(size, size, false);
  gl.render(ts.scene, camera);
  if (pl.image.width !== size) { pl.image.width = size; pl.image.height = size; }
  const ctx = pl.image.getContext('2d') as CanvasRenderingContext2D;
  ctx.clearRect(0, 0, size, size);
  ctx.drawImage(gl.domElement, 0, 0);
}

function labelOf(pl: Playing, ts: TypeScene, now: number): { text: string; f: GizmoLabelFrame } | null {
  const l = ts.p.label;
  const t = pl.timeline;
  if (!l || !t || !pl.live || typeof t.number !== 'number') return null;
  // The result floats up once the timeline has landed (at once under reduced motion).
  const f = labelAt(l, now - pl.start - (reduced() ? 0 : t.durationMs), reduced());
  return f ? { text: String(t.number), f } : null;
}

const api: ModelRenderer = {
  update(data, fetchModel) {
    for (const [type, t] of Object.entries(data.types)) {
      const old = types.get(type);
      if (old && old.sum === t.model && JSON.stringify(old.p) === JSON.stringify(t.presentation) && old.spin === (t.spin ?? 0)) continue;
      types.set(type, buildScene(t.model, t.presentation, t.spin ?? 0, fetchModel));
      for (const pl of playing.values()) if (pl.type === type) pl.drawn = '';
    }
    for (const [id, inst] of Object.entries(data.instances)) {
      const pl = playing.get(id);
      if (!pl) {
        playing.set(id, { type: inst.type, timeline: inst.settled ?? null, key: inst.settled?.key ?? null, start: performance.now(), live: false, image: document.createElement('canvas'), drawn: '', frame: REST_FRAME, done: true, label: null });
      } else if (pl.type !== inst.type) {
        pl.type = inst.type; pl.drawn = '';
      }
    }
    for (const id of [...playing.keys()]) if (!(id in data.instances)) playing.delete(id);
    publish(performance.now());
    changed();
  },
  transition(id, timeline) {
    const pl = playing.get(id);
    if (!pl || !timeline) return;
    if (timeline.key === pl.key) return; // a repeated snapshot does not restart an animation
    pl.timeline = timeline; pl.key = timeline.key; pl.start = performance.now(); pl.live = true; pl.drawn = '';
    changed();
  },
  draw(ctx, id, cx, cy, cell) {
    const pl = playing.get(id);
    const ts = pl && types.get(pl.type);
    if (!pl || !ts || !ts.ready) return false;
    const now = performance.now();
    render(pl, ts, now);
    ctx.drawImage(pl.image, cx - (VIEW_W / 2) * cell, cy - (VIEW_H - ORIGIN_Y) * cell, VIEW_W * cell, VIEW_H * cell);
    const l = ts.p.label;
    const shown = labelOf(pl, ts, now);
    pl.label = shown ? { text: shown.text, opacity: shown.f.opacity, y: shown.f.y } : null;
    if (shown && l) {
      const f = shown.f;
      ctx.save();
      ctx.globalAlpha = f.opacity;
      ctx.translate(cx, cy - (l.offsetY + f.y) * cell);
      ctx.rotate(f.rotation);
      ctx.scale(f.scaleX, f.scaleY);
      ctx.font = `bold ${Math.max(1, l.height * cell)}px system-ui, sans-serif`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      if (l.colors.length > 1) { ctx.strokeStyle = l.colors[1]; ctx.lineWidth = Math.max(1, l.height * cell * 0.12); ctx.strokeText(shown.text, 0, 0); }
      ctx.fillStyle = l.colors[0];
      ctx.fillText(shown.text, 0, 0);
      ctx.restore();
    }
    publish(now);
    return true;
  },
  animating() {
    const now = performance.now();
    for (const pl of playing.values()) {
      const ts = types.get(pl.type);
      if (!ts || !ts.ready) continue;
      if (ts.spin !== 0 && !reduced()) return true;
      if (!pl.done) return true;
      if (pl.live && pl.timeline && typeof pl.timeline.number === 'number' && ts.p.label && now - pl.start < pl.timeline.durationMs + ts.p.label.durationMs) return true;
    }
    return false;
  },
  has(id) { return playing.has(id); },
};

/** window.__scapeModels: each model's current frame, for the browser tests and curious authors. */
function publish(now: number): void {
  const out: Record<string, unknown> = {};
  for (const [id, pl] of playing) {
    const ts = types.get(pl.type);
    out[id] = { type: pl.type, ready: ts?.ready === true, key: pl.key, live: pl.live, elapsedMs: Math.round(now - pl.start), done: pl.done, frame: pl.frame, label: pl.label, reducedMotion: reduced(), textureSize: ts?.p.textureSize ?? 0 };
  }
  (window as unknown as { __scapeModels: unknown }).__scapeModels = out;
}

/** The instance's render target as last drawn (tests read its pixels). */
function image(id: string): HTMLCanvasElement | null {
  return playing.get(id)?.image ?? null;
}

/**
 * One picture of a model as the world draws it at rest: `scape gizmo model --png` (host/web/picture.go)
 * calls this in headless Chromium with the GLB as base64. A PNG data: URL of the render target.
 */
async function picture(base64: string, presentation: Presentation): Promise<string> {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const done = new Promise<void>((resolve) => { onChange = () => { const ts = types.get('picture'); if (ts?.ready) resolve(); }; });
  api.update({ types: { picture: { model: 'picture', presentation } }, instances: { picture: { type: 'picture' } } }, async () => bytes.buffer);
  await done;
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 1;
  api.draw(canvas.getContext('2d') as CanvasRenderingContext2D, 'picture', 0, 0, 1);
  return (image('picture') as HTMLCanvasElement).toDataURL('image/png');
}

const w = window as unknown as { __scapeModelRenderer?: ModelRenderer & { image: typeof image; picture: typeof picture; onChange: (fn: () => void) => void }; __scapeModelReady?: () => void };
w.__scapeModelRenderer = { ...api, image, picture, onChange: (fn) => { onChange = fn; } };
w.__scapeModelReady?.();
