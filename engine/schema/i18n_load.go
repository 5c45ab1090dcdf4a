package schema

import (
	"fmt"
	"io/fs"
	"maps"
	"path"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"

	"xiangzhi/engine/msg"
)

// Catalogue is one locale's translations: by Chinese text, and by place for
// a text that needs another translation where it stands.
type Catalogue struct {
	Locale string            `json:"locale"`
	Texts  map[string]string `json:"texts"`
	Places map[string]string `json:"places"`
	File   string            `json:"-"`
}

// Translate answers the text at place in the catalogue's locale: the place's
// own translation, else the text's, else the text itself (zh_CN). A nil
// catalogue (zh_CN) answers the text.
func (c *Catalogue) Translate(place, text string) string {
	if c == nil {
		return text
	}
	if t, ok := c.Places[place]; ok && t != "" {
		return t
	}
	if t, ok := c.Texts[text]; ok && t != "" {
		return t
	}
	return text
}

// isLocale reports whether l is one of Locales.
func isLocale(l string) bool { return slices.Contains(Locales, l) }

// catalogueFiles lists the files of the i18n folder at root (sorted).
func catalogueFiles(fsys fs.FS, root string) []string {
	return yamlFilesIn(fsys, path.Join(root, I18nDir))
}

// loadCatalogues reads the catalogue files of the tree and checks every key
// against the texts and places of set: an unknown one is reported at its
// line and left out, the rest of the file still loads.
func loadCatalogues(read reader, set *Set, files []string) []*LoadError {
	set.Catalogues = map[string]*Catalogue{}
	texts, places := map[string]bool{}, map[string]bool{}
	for _, tp := range set.Texts() {
		texts[tp.Text] = true
		places[tp.Place] = true
	}
	return eachFile(read, files, func(f string, data []byte) []*LoadError {
		locale := strings.TrimSuffix(path.Base(f), ".yaml")
		if !isLocale(locale) {
			return []*LoadError{{File: f, Problem: fmt.Sprintf(msg.I18nUnknownLocale, locale)}}
		}
		c, errs := ParseCatalogue(f, locale, data, texts, places)
		if c != nil {
			set.Catalogues[locale] = c
		}
		return errs
	})
}

// ParseCatalogue decodes one catalogue file; texts and places are the known
// keys (nil: not checked).
func ParseCatalogue(file, locale string, data []byte, texts, places map[string]bool) (*Catalogue, []*LoadError) {
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		return nil, []*LoadError{{File: file, Problem: fmt.Sprintf(msg.SchemaYAMLSyntax, err)}}
	}
	c := &Catalogue{Locale: locale, Texts: map[string]string{}, Places: map[string]string{}, File: file}
	if len(root.Content) == 0 {
		return c, nil
	}
	top := root.Content[0]
	if top.Kind != yaml.MappingNode {
		return nil, []*LoadError{{File: file, Line: top.Line, Problem: msg.I18nBadShape}}
	}
	var errs []*LoadError
	for i := 0; i+1 < len(top.Content); i += 2 {
		k, v := top.Content[i], top.Content[i+1]
		var into map[string]string
		var known map[string]bool
		var unknown string
		switch k.Value {
		case "texts":
			into, known, unknown = c.Texts, texts, msg.I18nUnknownText
		case "places":
			into, known, unknown = c.Places, places, msg.I18nUnknownPlace
		default:
			errs = append(errs, &LoadError{File: file, Line: k.Line, Problem: fmt.Sprintf(msg.I18nUnknownKey, k.Value)})
			continue
		}
		if v.Kind != yaml.MappingNode {
			if v.Tag != "!!null" {
				errs = append(errs, &LoadError{File: file, Line: v.Line, Field: k.Value, Problem: msg.I18nBadShape})
			}
			continue
		}
		seen := map[string]int{}
		for j := 0; j+1 < len(v.Content); j += 2 {
			kk, vv := v.Content[j], v.Content[j+1]
			key := kk.Value
			switch {
			case seen[key] > 0:
				errs = append(errs, &LoadError{File: file, Line: kk.Line, Field: key, Problem: fmt.Sprintf(msg.SchemaDuplicateKey, seen[key])})
			case known != nil && !known[key]:
				errs = append(errs, &LoadError{File: file, Line: kk.Line, Field: k.Value, Problem: fmt.Sprintf(unknown, key)})
			case vv.Kind != yaml.ScalarNode || vv.Tag == "!!null":
				errs = append(errs, &LoadError{File: file, Line: vv.Line, Field: k.Value, Problem: fmt.Sprintf(msg.I18nNotString, key)})
			case strings.TrimSpace(vv.Value) == "":
				errs = append(errs, &LoadError{File: file, Line: vv.Line, Field: k.Value, Problem: fmt.Sprintf(msg.I18nEmpty, key)})
			default:
				into[key] = vv.Value
			}
			if seen[key] == 0 {
				seen[key] = kk.Line
			}
		}
	}
	return c, errs
}

// Catalogue answers what the console needs to show the set in locale: the
// file's translations; for zh_TW also the conversion of every text the
// file does not correct. An unknown locale or zh_CN answers nil.
func (s *Set) Catalogue(locale string) *Catalogue {
	if !isLocale(locale) {
		return nil
	}
	file := s.Catalogues[locale]
	out := &Catalogue{Locale: locale, Texts: map[string]string{}, Places: map[string]string{}}
	if locale == "zh_TW" {
		for _, tp := range s.Texts() {
			if t := ToTraditional(tp.Text); t != tp.Text {
				out.Texts[tp.Text] = t
			}
		}
	}
	if file != nil {
		maps.Copy(out.Texts, file.Texts)
	}
	// A module's own translations (its i18n: block) stand at its places, so
	// they win over the same wording elsewhere; a catalogue file's places
	// still correct them.
	for _, m := range s.Modules {
		own := m.I18n[locale]
		if len(own) == 0 {
			continue
		}
		for _, tp := range m.Texts() {
			if t := own[tp.Text]; t != "" {
				out.Places[tp.Place] = t
			}
		}
	}
	if file != nil {
		maps.Copy(out.Places, file.Places)
	}
	return out
}
