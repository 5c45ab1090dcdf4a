package msg

// Texts of uploads, file links and picture review (engine/files,
// modules/oos). The upload refusals are the specification's own texts.
const (
	// FileUploaded is the msg of a successful upload.
	FileUploaded = "上传成功"
	// FileBadFormat refuses a file whose content is not an allowed type, or
	// whose name's extension disagrees with its content.
	FileBadFormat = "文件格式有误"
	// FileEditorVideoFormat refuses a rich-text editor video that is not
	// mp4, webm or ogg.
	FileEditorVideoFormat = "仅支持，mp4、webm、ogg 三种视频格式！"
	// UploadTooLarge is "upload a file within <size>" (请上传1M以内的文件).
	UploadTooLarge = "请上传%s以内的文件"
	// FileImageTooLarge is "upload an image within <size>" (请上传2M以内的图片).
	FileImageTooLarge = "请上传%s以内的图片"
	// FileVideoTooLarge is "upload a video within <size>" (请上传50M以内的视频文件).
	FileVideoTooLarge = "请上传%s以内的视频文件"
	// FileAudioTooLarge is "upload an audio file within <size>".
	FileAudioTooLarge = "请上传%s以内的音频文件"
	// FileTooManyImages is "upload at most N images!".
	FileTooManyImages = "最多上传%d张图片！"
	// FileTooManyFiles is "upload at most N files!".
	FileTooManyFiles = "最多上传%d个文件！"
	// FileReviewRejected prefixes the reviewer's reason when an upload is
	// stopped by the picture review.
	FileReviewRejected = "上传失败，"
	// FileMissing answers an upload without a file part.
	FileMissing = "请选择要上传的文件"
	// FileUnknownKind answers an upload naming an uploader kind that does
	// not exist.
	FileUnknownKind = "不支持的上传类型"
	// FileUnknownField answers an upload naming a module field that does
	// not exist or holds no files.
	FileUnknownField = "不支持的上传字段"
	// FileBadDeleteTime answers a deleteTime that is not a time, or lies
	// in the past.
	FileBadDeleteTime = "删除时间格式有误或早于当前时间"
	// FileUnexpectedField names a form field the upload does not take.
	FileUnexpectedField = "不支持的参数：%s"
	// FileURLExpired answers a signed file link past its expiry.
	FileURLExpired = "文件链接已过期，请刷新后重试"
	// FileURLInvalid answers a file link whose signature does not match.
	FileURLInvalid = "文件链接无效"
	// FileNotFound answers a file that does not exist, was deleted or
	// belongs to another tenant.
	FileNotFound = "文件不存在或已被删除"
	// FileTicketInvalid answers an upload with a bad or expired ticket.
	FileTicketInvalid = "上传凭证无效或已过期"
	// ReviewPassed is the msg of a picture that passed review.
	ReviewPassed = "审核通过"
	// ReviewKeyword is the reason of a picture refused for a sensitive word.
	ReviewKeyword = "内容包含敏感词"
	// ReviewTooLarge is the reason of a picture over the review size limit.
	ReviewTooLarge = "图片大小超过审核限制"
	// ReviewUnavailable answers when the external review service fails.
	ReviewUnavailable = "图片审核服务暂不可用，请稍后重试"
	// ReviewRefused is the reason given when the external reviewer refuses
	// without saying why.
	ReviewRefused = "图片审核未通过"
)
