package glb

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/scapeworld/scape/internal/human"
)

type problems []Problem

func (ps *problems) add(step int, code Code, path string, value any, msg string, args ...any) {
	*ps = append(*ps, Problem{Step: step, Code: code, Path: path, Value: value, Message: fmt.Sprintf(msg, args...)})
}

var (
	versionPattern    = regexp.MustCompile(`^2\.[0-9]+$`)
	minVersionPattern = regexp.MustCompile(`^([0-9]+)\.([0-9]+)$`)
)

// minVersionOK: asset.minVersion, when present, is a version no newer than 2.0.
func minVersionOK(v string) bool {
	m := minVersionPattern.FindStringSubmatch(v)
	if m == nil {
		return false
	}
	major, _ := strconv.Atoi(m[1])
	minor, _ := strconv.Atoi(m[2])
	return major < 2 || (major == 2 && minor == 0)
}

// extensionRefusal says why a named extension is refused, in the modeller's terms.
func extensionRefusal(name string) (Code, string) {
	switch name {
	case "KHR_draco_mesh_compression", "EXT_meshopt_compression", "KHR_meshopt_compression":
		return CodeCompressionExt, "compressed meshes are not supported; export without Draco/meshopt compression"
	case "KHR_mesh_quantization":
		return CodeCompressionExt, "quantized (compressed) vertex data is not supported; export with quantization off (float positions)"
	case "KHR_texture_basisu", "EXT_texture_webp", "EXT_texture_avif":
		return CodeCompressionExt, "compressed textures are not supported (textures are not supported at all); use material colors or vertex colors"
	case "KHR_lights_punctual":
		return CodeUnsupportedExt, "lights are not supported; export without lights (Scape lights the scene)"
	}
	return CodeUnsupportedExt, "extension not supported (allowed: " + joinNames(AllowedExtensions) + ")"
}

func allowedExtension(name string) bool {
	for _, a := range AllowedExtensions {
		if a == name {
			return true
		}
	}
	return false
}

// featureRules runs checks 10–16: the rules a modeller fixes in the exporter's settings. All of
// them are gathered so one export round fixes them all.
func featureRules(m *model, c container) problems {
	var ps problems
	// 10: version.
	if !versionPattern.MatchString(m.version) {
		ps.add(10, CodeAssetVersion, "asset.version", m.version, "asset.version is %q; expected \"2.0\"", m.version)
	}
	if m.hasMinVersion && !minVersionOK(m.minVersion) {
		ps.add(10, CodeAssetVersion, "asset.minVersion", m.minVersion, "asset.minVersion is %q; it must be at most \"2.0\"", m.minVersion)
	}

	// 11: extensions.
	used := make(map[string]bool, len(m.extUsed))
	for _, n := range m.extUsed {
		used[n] = true
	}
	seen := map[string]bool{}
	for _, u := range m.extUses {
		if !used[u.name] && !seen[u.name] {
			seen[u.name] = true
			ps.add(11, CodeUndeclaredExt, u.path, u.name, "%s is used but not listed in extensionsUsed", u.path)
		}
	}
	for i, name := range m.extRequired {
		if !used[name] {
			p := at("extensionsRequired", i)
			ps.add(11, CodeUndeclaredExt, p, name, "%s = %q is required but not listed in extensionsUsed", p, name)
		}
	}
	refused := map[string]bool{}
	refuse := func(path, name string) {
		if allowedExtension(name) || refused[name] {
			return
		}
		refused[name] = true
		code, why := extensionRefusal(name)
		ps.add(11, code, path, name, "%s = %q: %s", path, name, why)
	}
	for i, name := range m.extUsed {
		refuse(at("extensionsUsed", i), name)
	}
	for i, name := range m.extRequired {
		refuse(at("extensionsRequired", i), name)
	}
	for _, u := range m.extUses {
		refuse(u.path, u.name)
	}

	// 12: textures. An unused samplers array is ignored: FBX2glTF writes one.
	if m.textures > 0 || m.images > 0 {
		var where []string
		if m.textures > 0 {
			where = append(where, "textures[0]")
		}
		if m.images > 0 {
			where = append(where, "images[0]")
		}
		var what []string
		if m.textures > 0 {
			what = append(what, human.Count(m.textures, "texture"))
		}
		if m.images > 0 {
			what = append(what, human.Count(m.images, "image"))
		}
		path := "textures"
		if m.textures == 0 {
			path = "images"
		}
		ps.add(12, CodeTextures, path, m.textures+m.images, "the model has %s (%s): textures are not supported; use material colors or vertex colors",
			strings.Join(what, " and "), strings.Join(where, ", "))
	} else {
		for i, mat := range m.materials {
			if p := textureRef(mat, at("materials", i)); p != "" {
				ps.add(12, CodeTextures, p, nil, "%s: textures are not supported; use material colors or vertex colors", p)
			}
		}
	}

	// 13: skins.
	if m.skins > 0 {
		ps.add(13, CodeSkins, "skins", m.skins, "skins has %s: skinned meshes are not supported; export without the armature", human.Count(m.skins, "entry"))
	}
	for i, n := range m.nodes {
		if n.skin >= 0 && m.skins == 0 {
			p := at("nodes", i) + ".skin"
			ps.add(13, CodeSkins, p, n.skin, "%s = %d: skinned meshes are not supported", p, n.skin)
		}
	}
	for i, me := range m.meshes {
		for j, pr := range me.prims {
			for _, a := range pr.attrs {
				if strings.HasPrefix(a.name, "JOINTS_") || strings.HasPrefix(a.name, "WEIGHTS_") {
					p := fmt.Sprintf("meshes[%d].primitives[%d].attributes.%s", i, j, a.name)
					ps.add(13, CodeSkins, p, a.accessor, "%s: skinning data is not supported; export without skinning", p)
					break
				}
			}
		}
	}

	// 14: animations.
	if m.animations > 0 {
		ps.add(14, CodeAnimations, "animations", m.animations, "animations has %s: animations are not supported; export without animation (Scape animates the model through the presentation timeline)", human.Count(m.animations, "entry"))
	}

	// 15: morph targets.
	for i, me := range m.meshes {
		for j, pr := range me.prims {
			if pr.targets > 0 {
				p := fmt.Sprintf("meshes[%d].primitives[%d].targets", i, j)
				ps.add(15, CodeMorphTargets, p, pr.targets, "%s has %s: morph targets are not supported; export without shape keys", p, human.Count(pr.targets, "morph target"))
			}
		}
		if me.hasWeights {
			p := at("meshes", i) + ".weights"
			ps.add(15, CodeMorphTargets, p, nil, "%s: morph target weights are not supported; export without shape keys", p)
		}
	}
	for i, n := range m.nodes {
		if n.hasWeights {
			p := at("nodes", i) + ".weights"
			ps.add(15, CodeMorphTargets, p, nil, "%s: morph target weights are not supported; export without shape keys", p)
		}
	}

	// 16: self-contained buffers, all data in the BIN chunk.
	for i, b := range m.buffers {
		p := at("buffers", i)
		switch {
		case b.hasURI && strings.HasPrefix(strings.ToLower(b.uri), "data:"):
			ps.add(16, CodeDataURI, p+".uri", b.uri, "%s.uri = %s: data: URIs are not supported; the data must be in the GLB's BIN chunk", p, quoteShort(b.uri))
		case b.hasURI:
			ps.add(16, CodeExternalURI, p+".uri", b.uri, "%s.uri = %s: external files are not supported; export a single self-contained .glb", p, quoteShort(b.uri))
		case i > 0:
			ps.add(16, CodeBuffers, p, nil, "%s has no uri and is not buffers[0] (meshopt fallback buffer?): not supported", p)
		case !c.hasBin:
			ps.add(16, CodeBuffers, p, nil, "%s refers to the BIN chunk but the file has none", p)
		case b.byteLength > 0 && uint64(b.byteLength) > uint64(len(c.bin)):
			ps.add(16, CodeBuffers, p+".byteLength", b.byteLength, "%s.byteLength = %d but the BIN chunk has only %d bytes", p, b.byteLength, len(c.bin))
		case b.byteLength > 0 && uint64(len(c.bin)) > uint64(b.byteLength)+3:
			ps.add(16, CodeBuffers, p+".byteLength", b.byteLength, "BIN chunk has %d bytes, more than %s.byteLength = %d plus 3 bytes of padding", len(c.bin), p, b.byteLength)
		}
	}
	if c.hasBin && (len(m.buffers) == 0 || m.buffers[0].hasURI) {
		ps.add(16, CodeBuffers, "buffers", nil, "the file has a BIN chunk but buffers[0] does not refer to it (a buffer without uri)")
	}
	return ps
}

// textureRef finds a texture slot in a material (only consulted when the model has no textures
// array, where such a slot is a dangling texture reference).
func textureRef(mat map[string]any, base string) string {
	if pbr, ok := mat["pbrMetallicRoughness"].(map[string]any); ok {
		for _, k := range []string{"baseColorTexture", "metallicRoughnessTexture"} {
			if _, ok := pbr[k]; ok {
				return base + ".pbrMetallicRoughness." + k
			}
		}
	}
	for _, k := range []string{"normalTexture", "occlusionTexture", "emissiveTexture"} {
		if _, ok := mat[k]; ok {
			return base + "." + k
		}
	}
	return ""
}
