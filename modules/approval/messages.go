package approval

// Texts of the messages the approval workflow sends (modules/message
// stores and pushes them): a title, and a body naming the register and the
// step. %[1]s is the register's title, %[2]s the step's.
const (
	msgArrivedTitle  = "待审批：%[1]s"
	msgArrivedBody   = "一条%[1]s申请已到达「%[2]s」，等待您审批。"
	msgChasedTitle   = "催办：%[1]s"
	msgChasedBody    = "申请人催办一条%[1]s申请，当前在「%[2]s」，请尽快审批。"
	msgCopiedTitle   = "抄送：%[1]s"
	msgCopiedBody    = "一条%[1]s申请抄送给您，请知悉。"
	msgDecidedTitle  = "审批进度：%[1]s"
	msgDecidedBody   = "您的%[1]s申请在「%[2]s」已有审批意见（%[3]s）。"
	msgOverdueTitle  = "办理超时：%[1]s"
	msgOverdueBody   = "一条%[1]s申请在「%[2]s」已超过办理期限，请尽快审批。"
	msgFinishedTitle = "审批结果：%[1]s"
	msgFinishedBody  = "您的%[1]s申请%[3]s。"
)

// outcomes name a decision or an application's end in the texts above.
var outcomes = map[string]string{
	"approve": "同意", "reject": "驳回", "return": "退回", "transfer": "转办", "withdraw": "撤回",
	"approved": "已审批通过", "rejected": "已被驳回", "withdrawn": "已撤回", "returned": "已退回修改",
}
