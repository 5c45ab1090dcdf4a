package files

import (
	"fmt"
	"slices"

	"xiangzhi/engine/msg"
	"xiangzhi/engine/schema"
)

// fieldTypes are the types a file field of a module takes before its
// accept list narrows them: images for image(s), mp4 for video, the
// allowed types for file(s).
func fieldTypes(f *schema.Field) ([]Type, error) {
	switch f.Type {
	case schema.TypeImage, schema.TypeImages:
		return ImageTypes, nil
	case schema.TypeVideo:
		return []Type{TypeMP4}, nil
	case schema.TypeFile, schema.TypeFiles:
		return AllowedTypes, nil
	}
	return nil, fmt.Errorf("field %s: type %s holds no files", f.Name, f.Type)
}

// CheckField refuses an uploaded file a module field does not take: a
// type outside the field's family (images for image/images, mp4 for
// video, the allowed types for file/files) or outside its accept list, a
// name whose extension disagrees with the content, or a size over its
// maxSize. The refusals carry the specification's texts. A field that
// holds no files is a programming error (a plain error).
func CheckField(f *schema.Field, uploaded FileInfo) error {
	types, err := fieldTypes(f)
	if err != nil {
		return err
	}
	if len(f.Accept) > 0 {
		types = slices.DeleteFunc(slices.Clone(types), func(t Type) bool {
			return !slices.ContainsFunc(f.Accept, t.HasExt)
		})
	}
	if !slices.ContainsFunc(types, func(t Type) bool { return t.Ext == uploaded.Type.Ext }) {
		return Reject(fmt.Errorf("%w: %s in field %s", ErrTypeNotAllowed, uploaded.Type.Ext, f.Name), msg.FileBadFormat)
	}
	if err := checkExt(uploaded, msg.FileBadFormat); err != nil {
		return err
	}
	if limit := f.MaxSizeBytes(); limit > 0 && uploaded.Size > limit {
		media := MediaDocument
		switch f.Type {
		case schema.TypeImage, schema.TypeImages:
			media = MediaImage
		case schema.TypeVideo:
			media = MediaVideo
		}
		return Reject(fmt.Errorf("%w: %d > %d in field %s", ErrTooLarge, uploaded.Size, limit, f.Name),
			sizeMessage(media, limit))
	}
	return nil
}

// CheckCount refuses n files for a field that holds fewer: maxCount
// (default 9 images, 3 files), one for image, file and video. The
// text is 最多上传N张图片！ for image fields.
func CheckCount(f *schema.Field, n int) error {
	limit := f.MaxItems()
	if limit == 0 {
		limit = 1
	}
	if n <= limit {
		return nil
	}
	images := f.Type == schema.TypeImage || f.Type == schema.TypeImages
	return Reject(fmt.Errorf("%w: %d > %d in field %s", ErrTooMany, n, limit, f.Name), countMessage(images, limit))
}
