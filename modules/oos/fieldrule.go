package oos

// The rules of one upload: the uploader kind's, narrowed by a module
// field's accept, maxSize and maxCount when the upload names the field
// (businessType = the module, field = the field's name).

import (
	"fmt"

	"xiangzhi/engine/files"
	"xiangzhi/engine/httpx"
	"xiangzhi/engine/msg"
	"xiangzhi/engine/schema"
)

// uploadRule is what an upload is checked against: the kind, and the
// module field when the upload names one.
type uploadRule struct {
	kind  files.Kind
	field *schema.Field
}

// fieldKinds are the uploaders whose defaults apply to a field of each
// type when the field states no maxSize and the request names no kind.
var fieldKinds = map[schema.FieldType]string{
	schema.TypeImage: "image", schema.TypeImages: "image", schema.TypeVideo: "video",
	schema.TypeFile: files.DefaultKind, schema.TypeFiles: files.DefaultKind,
}

// fieldRule finds the rule of an upload: the kind alone without a field
// name, else the field of the module businessType names (400 when there
// is no such module field holding files). A field without an explicit
// kind takes the default uploader of its type.
func (s *Service) fieldRule(businessType, fieldName, kindName string, kind files.Kind) (uploadRule, error) {
	if fieldName == "" {
		return uploadRule{kind: kind}, nil
	}
	var f *schema.Field
	if set := s.modules(); set != nil {
		if m := set.Module(businessType); m != nil {
			f = m.Field(fieldName)
		}
	}
	name, ok := "", false
	if f != nil {
		name, ok = fieldKinds[f.Type]
	}
	if !ok {
		return uploadRule{}, httpx.BadRequest(msg.FileUnknownField).Wrap(
			fmt.Errorf("module %q has no file field %q", businessType, fieldName))
	}
	if kindName == "" {
		kind, _ = files.KindByName(name)
	}
	return uploadRule{kind: kind, field: f}, nil
}

// checkCount refuses more files than the field (or else the kind) holds.
func (r uploadRule) checkCount(n int) error {
	if r.field != nil {
		return files.CheckCount(r.field, n)
	}
	return r.kind.CheckCount(n)
}

// check refuses a file the field (type family, accept, maxSize) or the
// kind does not take; the kind's size limit applies to a field only when
// the field states no maxSize.
func (r uploadRule) check(fi files.FileInfo) error {
	if r.field == nil {
		return r.kind.Check(fi)
	}
	if err := files.CheckField(r.field, fi); err != nil {
		return err
	}
	if r.field.MaxSizeBytes() == 0 && fi.Size > r.kind.MaxBytes {
		return r.kind.TooLarge()
	}
	return nil
}
