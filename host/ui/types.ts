// The shapes the host sends the world page (host/worldapi.go, host/grid.go).

export interface Field { id: string; label: string; kind?: string; value?: string; placeholder?: string; maxLength?: number; options?: { value: string; label: string }[] }
export interface Control { id: string; label: string; action: { name: string; payload: Record<string, unknown> }; pressed?: boolean; disabled?: boolean; confirm?: string; fields?: string[]; icon?: string; placement?: string; trigger?: string; kind?: string; preview?: string }
export interface View { title?: string; description?: string; fields?: Field[]; controls?: Control[] }
export interface Instance { id: string; type: string; version: number; emoji: string; label: string; view?: View; late?: string; problem?: string; canRemove: boolean; state?: unknown }
export interface Rev { number: number; project: string; definitions?: { type: string; emoji: string; label: string }[]; problems?: string[] }
export interface Cell { x: number; y: number }
export interface Light { radiusCells: number; color: string; intensity?: number; basementIntensity?: number; illumination?: number }
export interface GridCell { id: string; type: string; emoji: string; floor: string; cell: Cell; blocking: boolean; problem?: string; light?: Light }
export interface Avatar { actor: string; floor: string; cell: Cell; movingTo?: Cell; self: boolean }
export interface Grid { width: number; height: number; floors: string[]; self?: Avatar; instances: GridCell[]; avatars: Avatar[]; feedback: { id: string; instance: string; until: number }[] }
export interface World { world: string; actor: string; role: string; canPlace: boolean; canAdmin: boolean; revision?: Rev; rejection?: Rev; instances: Instance[]; grid?: Grid }
