package msg

// Messages of approval workflows: the status values a workflow gives a
// module, what is wrong with a workflow in a module file, and what the
// workflow calls answer.

// Status values of a module with a workflow.
const (
	FlowStatusLabel = "审批状态"
	FlowDraft       = "草稿"
	FlowRunning     = "审批中"
	FlowApproved    = "已通过"
	FlowRejected    = "已驳回"
	FlowWithdrawn   = "已撤回"
)

// Workflow problems in a module file.
const (
	SchemaWorkflowStatus        = "模块声明了 workflow 时不能再声明 status：审批状态字段由 workflow 生成"
	SchemaFlowNoSteps           = "至少需要一个审批步骤"
	SchemaFlowDupStep           = "步骤名 %s 重复"
	SchemaFlowNoApprover        = "步骤 %s 没有审批人：请写 approvers，或写 cc / branches / parallel"
	SchemaFlowStepKinds         = "步骤 %s 只能是审批步骤（approvers）、抄送（cc）、条件分支（branches）或并行分支（parallel）之一"
	SchemaFlowNestedParallel    = "并行分支内不能再有并行分支"
	SchemaFlowFewBranches       = "分支至少需要两条"
	SchemaFlowUnreachable       = "此分支永远不会被选中：前面已有无条件分支或相同条件的分支"
	SchemaFlowEmptyRule         = "审批人规则为空：请写 role、users 或 leader 之一"
	SchemaFlowRuleKinds         = "一条审批人规则只能写 role、users、leader 之一"
	SchemaFlowUsersLevel        = "指定用户（users）不能再写 level"
	SchemaFlowBadRatio          = "ratio 模式需要 0 到 1 之间的比例，如 0.5"
	SchemaFlowRatioMode         = "只有 mode: ratio 的步骤才能写 ratio"
	SchemaFlowBadDeadline       = "期限格式不正确，应为工作日数或小时数，如 3d、8h"
	SchemaFlowBadCondition      = "条件有误：%s"
	SchemaFlowApprovalOnly      = "步骤 %s 不是审批步骤，不能写 deadline、onTimeout、hidden 或 editable"
	SchemaFlowTimeoutNoDeadline = "写了 onTimeout 就要写 deadline"
	SchemaFlowUnknownField      = "未知字段 %s"
	SchemaFlowHiddenEditable    = "字段 %s 不能既隐藏又可编辑"
)

// Condition problems (inside SchemaFlowBadCondition).
const (
	CondEmpty          = "条件为空"
	CondUnclosedText   = "文本缺少结束引号"
	CondUnexpected     = "无法识别“%s”"
	CondExpected       = "此处应为%s"
	CondAField         = "字段名"
	CondAValue         = "值"
	CondUnknownField   = "未知字段 %s"
	CondFieldNotUsable = "字段 %s 的类型 %s 不能用于条件"
	CondNeedsCompare   = "字段 %s 后应为比较运算符（==、!=、>、>=、<、<=、in）"
	CondNotOrdered     = "字段 %s 不能用 %s 比较大小，只有数字和日期可以"
	CondWrongType      = "字段 %s 不能与 %s 比较：应为%s"
	CondNotAnOption    = "%s 不是字段 %s 的可选值"
	CondKindNumber     = "数字"
	CondKindText       = "带引号的文本"
	CondKindDate       = "带引号的日期，如 \"2024-01-31\""
	CondKindDateTime   = "带引号的日期时间，如 \"2024-01-31 08:30:00\""
	CondKindBool       = "true 或 false"
)

// Answers of the workflow calls.
const (
	FlowNoWorkflow      = "该模块没有审批流程"
	FlowCannotSubmit    = "当前状态不能提交审批"
	FlowNotRunning      = "该申请不在审批中"
	FlowTaskNotFound    = "待办任务不存在或已处理"
	FlowNotYourTask     = "您不是此步骤的审批人"
	FlowCommentRequired = "驳回时请填写意见"
	FlowUnknownAction   = "未知的审批操作：%s"
	FlowBadReturnStep   = "只能退回到已经过的步骤：%s"
	FlowWithdrawLate    = "已有审批人处理，不能撤回"
	FlowNotApplicant    = "只有申请人可以撤回"
	FlowNoApprovers     = "步骤“%s”找不到审批人"
	FlowAutoSelf        = "申请人即审批人，自动跳过"
	FlowAutoSame        = "与上一步审批人相同，自动通过"
	FlowAutoEmpty       = "无审批人，自动跳过"
	FlowReturnApplicant = "申请人"
	FlowBadRecord       = "record 应为对象"
)

// FlowReturnedTo heads the history comment of a return: the step returned to.
const FlowReturnedTo = "退回到“%s”"

// Transfers (转办).
const (
	FlowBadTransfer   = "请选择另一位有效用户转办（不能是本人或已在办理此步骤的人）"
	FlowTransferredTo = "转办给%s"
)

// Delegation (委派), adding and removing approvers (加签/减签), field rules.
const (
	FlowDelegatedTo        = "委派给%s"
	FlowDelegateAgain      = "委派来的任务不能再委派或转办，可以办理或交还委派人"
	FlowResolveNotDelegate = "只有委派来的任务才能交还委派人"
	FlowGetBackLate        = "被委派人已经办理，不能收回"
	FlowGotBackFrom        = "收回委派（原委派给%s）"
	FlowActingFor          = "代%s"
	FlowAddSignNobody      = "请选择加签人（1 到 %d 人，须为有效用户，不能是本人）"
	FlowAddSignPosition    = "请选择加签位置：before（在我之前）或 after（在我之后）"
	FlowAddSignNested      = "加签人不能再加签"
	FlowAddedBefore        = "加签（在本人之前）：%s"
	FlowAddedAfter         = "加签（在本人之后）：%s"
	FlowRemoveSignNone     = "只能减去本人加签且尚未办理的人"
	FlowRemovedSign        = "减签：%s"
	FlowEditOnApprove      = "只有同意时才能修改字段"
	FlowFieldNotEditable   = "字段“%s”（%s）在此步骤不可修改"
	FlowFieldsChanged      = "修改了：%s"
)

// Deadlines.
const (
	FlowTimeoutApproved  = "超过办理期限，自动通过"
	FlowTimeoutRejected  = "超过办理期限，自动驳回"
	FlowTimeoutEscalated = "超过办理期限"
	FlowTimeoutReminded  = "超过办理期限，已提醒审批人"
	FlowEscalatedTo      = "超时转交给%s"
	FlowEscalatedAny     = "（任一人办理即可）"
)

// Leave (请假委托).
const (
	FlowLeaveBadPeriod     = "请假时间不正确：结束时间应晚于开始时间和当前时间（格式如 2026-05-01 或 2026-05-01 08:00:00）"
	FlowLeaveReasonLong    = "请假事由不能超过 %d 个字"
	FlowLeaveBadSubstitute = "请选择另一位有效用户作为代理人"
	FlowLeaveOverlap       = "与已登记的请假时间重叠"
	FlowLeaveNotFound      = "请假记录不存在、已取消或已结束"
)

// FlowTakeBackLate refuses a take-back (取回) once the next step acted.
const FlowTakeBackLate = "后续步骤已有人处理，不能取回"

// FlowTakeBackAdded is the history comment of each person added after the
// taker (加签在后) whose open task a take-back closed: they wait again for
// the taker's approval.
const FlowTakeBackAdded = "取回：收回加签人%s的待办，待重新同意后再交其办理"

// Copies (抄送).
const (
	FlowCCTitle     = "抄送"
	FlowCCNobody    = "请选择抄送人（至多 50 人，须为有效用户）"
	FlowNotInvolved = "只有申请人和审批人可以抄送"
)

// Names of the workflow routes (operation log, API document).
const (
	// WorkflowRouteTodo names a workflow route.
	WorkflowRouteTodo = "审批-待办"
	// WorkflowRouteTodoCounts names a workflow route.
	WorkflowRouteTodoCounts = "审批-待办数"
	// WorkflowRouteDone names a workflow route.
	WorkflowRouteDone = "审批-已办"
	// WorkflowRouteMine names a workflow route.
	WorkflowRouteMine = "审批-我的申请"
	// WorkflowRouteCopies names a workflow route.
	WorkflowRouteCopies = "审批-抄送我的"
	// WorkflowRouteDecide names a workflow route.
	WorkflowRouteDecide = "审批-办理"
	// WorkflowRouteTakeBack names a workflow route.
	WorkflowRouteTakeBack = "审批-取回"
	// WorkflowRouteSimulate names a workflow route.
	WorkflowRouteSimulate = "审批-模拟"
	// WorkflowRouteSubmit names a workflow route.
	WorkflowRouteSubmit = "审批-提交"
	// WorkflowRouteWithdraw names a workflow route.
	WorkflowRouteWithdraw = "审批-撤回"
	// WorkflowRouteChase names a workflow route.
	WorkflowRouteChase = "审批-催办"
	// WorkflowRouteCopy names a workflow route.
	WorkflowRouteCopy = "审批-抄送"
	// WorkflowRouteLeaves names a workflow route.
	WorkflowRouteLeaves = "审批-我的请假"
	// WorkflowRouteLeaveAdd names a workflow route.
	WorkflowRouteLeaveAdd = "审批-登记请假"
	// WorkflowRouteLeaveCancel names a workflow route.
	WorkflowRouteLeaveCancel = "审批-取消请假"
	// WorkflowRouteRecord names a workflow route.
	WorkflowRouteRecord = "审批-记录与流程"
)

// Refusals of writes to a record whose application is under way or done.
const (
	// FlowLockedRunning refuses editing or deleting an application under approval.
	FlowLockedRunning = "该申请正在审批中，不能修改或删除；如需修改请先撤回"
	// FlowLockedApproved refuses editing or deleting an approved application.
	FlowLockedApproved = "该申请已审批通过，不能修改或删除"
)
