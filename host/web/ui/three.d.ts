// The part of the vendored three.js (ui/vendor/three, npm three@0.180.0, resolved by
// host/web/script.go) that model.ts uses, declared by hand: @types/three would be another npm
// package for a few classes. A name used here that three does not export fails in the browser
// test (the renderer draws nothing), not silently.

declare module 'three' {
  export class Color {
    constructor(color?: string | number);
    set(color: string | number): this;
  }
  export class Vector3 {
    x: number; y: number; z: number;
    constructor(x?: number, y?: number, z?: number);
    set(x: number, y: number, z: number): this;
  }
  export class Quaternion {
    x: number; y: number; z: number; w: number;
    constructor(x?: number, y?: number, z?: number, w?: number);
    set(x: number, y: number, z: number, w: number): this;
    multiply(q: Quaternion): this;
    premultiply(q: Quaternion): this;
    setFromAxisAngle(axis: Vector3, angle: number): this;
  }
  export class Object3D {
    name: string;
    position: Vector3;
    quaternion: Quaternion;
    scale: Vector3;
    rotation: { x: number; y: number; z: number };
    visible: boolean;
    children: Object3D[];
    add(...objects: Object3D[]): this;
    lookAt(x: number, y: number, z: number): void;
    traverse(fn: (o: Object3D) => void): void;
    updateMatrixWorld(force?: boolean): void;
  }
  export class Group extends Object3D {}
  export class Box3 {
    setFromObject(o: Object3D): this;
    getSize(target: Vector3): Vector3;
    isEmpty(): boolean;
  }
  export class Scene extends Object3D {}
  export class Material {
    name: string;
    transparent: boolean;
    opacity: number;
    depthWrite: boolean;
    dispose(): void;
  }
  export class MeshStandardMaterial extends Material { color: Color }
  export class MeshBasicMaterial extends Material {
    color: Color;
    constructor(params?: { color?: string | number; transparent?: boolean; opacity?: number; depthWrite?: boolean });
  }
  export class BufferGeometry { dispose(): void }
  export class CircleGeometry extends BufferGeometry { constructor(radius?: number, segments?: number) }
  export class Mesh extends Object3D {
    isMesh: boolean;
    material: Material | Material[];
    geometry: BufferGeometry;
    renderOrder: number;
    constructor(geometry?: BufferGeometry, material?: Material);
  }
  export class Light extends Object3D { intensity: number }
  export class HemisphereLight extends Light { constructor(sky?: string, ground?: string, intensity?: number) }
  export class DirectionalLight extends Light { constructor(color?: string, intensity?: number) }
  export class Camera extends Object3D {}
  export class OrthographicCamera extends Camera {
    constructor(left: number, right: number, top: number, bottom: number, near?: number, far?: number);
    updateProjectionMatrix(): void;
  }
  export const LinearToneMapping: number;
  export const SRGBColorSpace: string;
  export class WebGLRenderer {
    domElement: HTMLCanvasElement;
    toneMapping: number;
    toneMappingExposure: number;
    outputColorSpace: string;
    constructor(params?: { canvas?: HTMLCanvasElement; alpha?: boolean; antialias?: boolean; preserveDrawingBuffer?: boolean; premultipliedAlpha?: boolean });
    setPixelRatio(r: number): void;
    setSize(w: number, h: number, updateStyle?: boolean): void;
    setClearColor(color: number | string, alpha?: number): void;
    render(scene: Scene, camera: Camera): void;
  }
}

declare module 'three/addons/loaders/GLTFLoader.js' {
  import type { Group } from 'three';
  export class GLTFLoader {
    parse(data: ArrayBuffer, path: string, onLoad: (gltf: { scene: Group }) => void, onError?: (err: unknown) => void): void;
  }
}
