package message

// Texts of the message part: what the server writes into the messages it
// stores, its answers to bad message calls, and the names of its routes.

// Messages the server writes.
const (
	// MessageStatusTitle titles a message to a record's creator: module
	// title and action label (事件处置：派遣).
	MessageStatusTitle = "%s：%s"
	// MessageStatusBody says who moved the creator's record and how.
	MessageStatusBody = "您提交的%s（编号 %d）已%s。"
	// MessageAssignTitle titles a message to a user a record is assigned to.
	MessageAssignTitle = "%s：%s"
	// MessageAssignBody tells the assignee which record moved.
	MessageAssignBody = "交由您办理的%s（编号 %d）已%s，请及时处理。"
	// MessageAssignedTitle titles a message to a user a create or an edit
	// names in a user field.
	MessageAssignedTitle = "%s：新分配"
	// MessageAssignedBody tells them which record and in which role.
	MessageAssignedBody = "%s（编号 %d）已分配给您（%s），请及时处理。"
	// MessageCommentSuffix adds an action's comment to a body.
	MessageCommentSuffix = "意见：%s"
)

// Answers of the message calls.
const (
	// MessageTitleRequired answers an announcement without a title.
	MessageTitleRequired = "请输入消息标题"
	// MessageTitleTooLong answers a title over 100 characters.
	MessageTitleTooLong = "消息标题不能超过100个字符"
	// MessageBodyTooLong answers a body over 2000 characters.
	MessageBodyTooLong = "消息内容不能超过2000个字符"
	// MessageAudienceRequired answers an announcement naming neither an
	// organisation nor a role.
	MessageAudienceRequired = "请选择接收的机构或角色"
	// MessageNoRecipients answers an announcement nobody in scope receives.
	MessageNoRecipients = "没有符合条件的接收人"
	// MessageNotFound answers a message id of another user or none at all.
	MessageNotFound = "消息不存在"
	// MessageUserNotFound answers a direct message to an unknown user or
	// one outside the sender's data scope.
	MessageUserNotFound = "接收用户不存在"
	// MessageSocketUser refuses a socket for another user or tenant.
	MessageSocketUser = "只能连接当前登录用户的消息通道"
	// MessageSocketOrigin refuses a socket opened by a page of another site.
	MessageSocketOrigin = "不允许从该来源连接消息通道"
	// MessageSocketLimit refuses a socket over the per-user limit.
	MessageSocketLimit = "消息连接数已达上限，请关闭其他页面后重试"
)

// Names of the routes.
const (
	RouteGetUserID      = "消息通道用户标识"
	RouteSetUserMessage = "发送用户消息"
	RouteList           = "消息列表"
	RouteUnreadCount    = "未读消息数"
	RouteReadAll        = "全部标为已读"
	RouteRead           = "标为已读"
	RouteDelete         = "删除消息"
	RouteAnnounce       = "发布公告"
	RouteSocket         = "消息通道"
)
