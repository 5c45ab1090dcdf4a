package msg

import "fmt"

// AddTranslations merges translations of messages into Translations
// (docs/api.md "Locale of server messages"): locale → Chinese text or
// template → translation. A module package calls it from its init with
// its own messages, so that it runs before any request. Translating one
// text two ways is a programming error and panics.
func AddTranslations(tables map[string]map[string]string) {
	for locale, texts := range tables {
		if Translations[locale] == nil {
			Translations[locale] = map[string]string{}
		}
		for zh, tr := range texts {
			if old, ok := Translations[locale][zh]; ok && old != tr {
				panic(fmt.Sprintf("msg: %s translation of %q given twice: %q and %q", locale, zh, old, tr))
			}
			Translations[locale][zh] = tr
		}
	}
}

// The success message and the refusals of the workflow, the form designer
// and the dashboards. Texts that are history comments, plan lines or field
// messages are not here: they are stored or worded by the console.
func init() {
	AddTranslations(map[string]map[string]string{
		"en": {
			OK: "Operation succeeded",

			FlowNoWorkflow:         "This module has no approval process",
			FlowCannotSubmit:       "The current status does not allow submitting for approval",
			FlowNotRunning:         "The application is not under approval",
			FlowNotYourTask:        "You are not an approver of this step",
			FlowCommentRequired:    "Enter a comment when rejecting",
			FlowUnknownAction:      "Unknown approval operation: %s",
			FlowBadReturnStep:      "You can only return to a step already passed: %s",
			FlowWithdrawLate:       "An approver has already acted; the application cannot be withdrawn",
			FlowNotApplicant:       "Only the applicant can withdraw",
			FlowNoApprovers:        "No approver found for step “%s”",
			FlowBadRecord:          "record must be an object",
			FlowBadTransfer:        "Choose another valid user to transfer to (not yourself or someone already handling this step)",
			FlowDelegateAgain:      "A delegated task cannot be delegated or transferred again; handle it or hand it back",
			FlowResolveNotDelegate: "Only a delegated task can be handed back",
			FlowGetBackLate:        "The delegate has already handled it; it cannot be taken back",
			FlowAddSignNested:      "An added approver cannot add approvers",
			FlowRemoveSignNone:     "You can only remove approvers you added who have not acted yet",
			FlowEditOnApprove:      "Fields can only be changed when approving",
			FlowFieldNotEditable:   "Field “%s” (%s) cannot be changed at this step",
			FlowLeaveOverlap:       "Overlaps a leave already registered",
			FlowLeaveNotFound:      "The leave does not exist, was cancelled or has ended",
			FlowLeaveBadSubstitute: "Choose another valid user as your substitute",
			FlowTakeBackLate:       "A later step has already acted; it cannot be taken back",
			FlowCCNobody:           "Choose the people to copy (at most 50 valid users)",
			FlowNotInvolved:        "Only the applicant and the approvers can copy others",
			FlowLockedRunning:      "The application is under approval and cannot be changed or deleted; withdraw it first to change it",
			FlowLockedApproved:     "The application has been approved and cannot be changed or deleted",

			DesignerFileName:      "The module name is used by a file module: %s",
			DesignerFileAPI:       "The API path is used by a file module: %s",
			DesignerFileReadOnly:  "File modules are read-only; copy it as a new module",
			DesignerNameFixed:     "The module name cannot be changed",
			DesignerNameTaken:     "The module name already exists: %s",
			DesignerAPITaken:      "The API path is used by a module: %s",
			DesignerNotFound:      "The module does not exist: %s",
			DesignerVersionAbsent: "The version does not exist: %s",
			DesignerHasProblems:   "The module definition has errors and cannot be published",
			DesignerConfirm:       "Enter the module name “%s” to confirm the destructive change",
			DesignerBusy:          "Someone else is publishing the module. Try again later",
			DesignerNoModel:       "Provide the module definition (model or yaml)",
			DesignerNameMissing:   "The module definition has no name",
			DesignerPermUsed:      "The permission prefix is already used: %s",

			DashBadDate:    "Invalid statistics period: %s",
			DashBadWidgets: "The dashboard has no widget: %s",
			DashNoData:     "This widget has no data to export",
		},
		"ja": {
			OK: "操作が完了しました",

			FlowNoWorkflow:         "このモジュールには承認フローがありません",
			FlowCannotSubmit:       "現在の状態では承認申請できません",
			FlowNotRunning:         "この申請は承認中ではありません",
			FlowNotYourTask:        "あなたはこのステップの承認者ではありません",
			FlowCommentRequired:    "差し戻す場合は意見を入力してください",
			FlowUnknownAction:      "不明な承認操作：%s",
			FlowBadReturnStep:      "戻せるのは通過済みのステップだけです：%s",
			FlowWithdrawLate:       "承認者がすでに処理したため、取り下げできません",
			FlowNotApplicant:       "取り下げできるのは申請者だけです",
			FlowNoApprovers:        "ステップ「%s」の承認者が見つかりません",
			FlowBadRecord:          "record はオブジェクトでなければなりません",
			FlowBadTransfer:        "転送先として別の有効なユーザーを選択してください（本人やこのステップの処理者は不可）",
			FlowDelegateAgain:      "委任されたタスクは再委任・転送できません。処理するか委任者に返してください",
			FlowResolveNotDelegate: "委任者に返せるのは委任されたタスクだけです",
			FlowGetBackLate:        "委任先がすでに処理したため、取り戻せません",
			FlowAddSignNested:      "追加された承認者はさらに承認者を追加できません",
			FlowRemoveSignNone:     "削除できるのは自分が追加し、まだ処理していない承認者だけです",
			FlowEditOnApprove:      "項目を変更できるのは承認するときだけです",
			FlowFieldNotEditable:   "項目「%s」（%s）はこのステップでは変更できません",
			FlowLeaveOverlap:       "登録済みの休暇期間と重なっています",
			FlowLeaveNotFound:      "休暇記録が存在しないか、取り消し済みまたは終了しています",
			FlowLeaveBadSubstitute: "代理人として別の有効なユーザーを選択してください",
			FlowTakeBackLate:       "後続のステップがすでに処理したため、取り戻せません",
			FlowCCNobody:           "CC先を選択してください（有効なユーザー50人まで）",
			FlowNotInvolved:        "CCできるのは申請者と承認者だけです",
			FlowLockedRunning:      "この申請は承認中のため変更・削除できません。変更する場合は先に取り下げてください",
			FlowLockedApproved:     "この申請は承認済みのため変更・削除できません",

			DesignerFileName:      "モジュール名はファイルモジュールで使用されています：%s",
			DesignerFileAPI:       "APIパスはファイルモジュールで使用されています：%s",
			DesignerFileReadOnly:  "ファイルモジュールは読み取り専用です。新しいモジュールとして複製してください",
			DesignerNameFixed:     "モジュール名は変更できません",
			DesignerNameTaken:     "モジュール名はすでに存在します：%s",
			DesignerAPITaken:      "APIパスはモジュールで使用されています：%s",
			DesignerNotFound:      "モジュールが存在しません：%s",
			DesignerVersionAbsent: "バージョンが存在しません：%s",
			DesignerHasProblems:   "モジュール定義に誤りがあるため公開できません",
			DesignerConfirm:       "破壊的な変更を確認するため、モジュール名「%s」を入力してください",
			DesignerBusy:          "他のユーザーがモジュールを公開中です。しばらくしてから再試行してください",
			DesignerNoModel:       "モジュール定義（model または yaml）を指定してください",
			DesignerNameMissing:   "モジュール定義に名前がありません",
			DesignerPermUsed:      "権限の接頭辞はすでに使用されています：%s",

			DashBadDate:    "集計期間の形式が正しくありません：%s",
			DashBadWidgets: "ダッシュボードにウィジェットがありません：%s",
			DashNoData:     "このウィジェットにはエクスポートできるデータがありません",
		},
		"ko": {
			OK: "작업이 완료되었습니다",

			FlowNoWorkflow:         "이 모듈에는 결재 절차가 없습니다",
			FlowCannotSubmit:       "현재 상태에서는 결재를 요청할 수 없습니다",
			FlowNotRunning:         "이 신청은 결재 중이 아닙니다",
			FlowNotYourTask:        "이 단계의 결재자가 아닙니다",
			FlowCommentRequired:    "반려할 때는 의견을 입력하세요",
			FlowUnknownAction:      "알 수 없는 결재 작업: %s",
			FlowBadReturnStep:      "이미 거친 단계로만 되돌릴 수 있습니다: %s",
			FlowWithdrawLate:       "결재자가 이미 처리하여 회수할 수 없습니다",
			FlowNotApplicant:       "신청자만 회수할 수 있습니다",
			FlowNoApprovers:        "단계 “%s”의 결재자를 찾을 수 없습니다",
			FlowBadRecord:          "record는 객체여야 합니다",
			FlowBadTransfer:        "이관할 다른 유효한 사용자를 선택하세요(본인이나 이 단계 처리자는 불가)",
			FlowDelegateAgain:      "위임받은 업무는 다시 위임하거나 이관할 수 없습니다. 처리하거나 위임자에게 돌려주세요",
			FlowResolveNotDelegate: "위임받은 업무만 위임자에게 돌려줄 수 있습니다",
			FlowGetBackLate:        "위임받은 사람이 이미 처리하여 회수할 수 없습니다",
			FlowAddSignNested:      "추가된 결재자는 결재자를 추가할 수 없습니다",
			FlowRemoveSignNone:     "본인이 추가했고 아직 처리하지 않은 결재자만 뺄 수 있습니다",
			FlowEditOnApprove:      "승인할 때만 항목을 수정할 수 있습니다",
			FlowFieldNotEditable:   "항목 “%s”(%s)은(는) 이 단계에서 수정할 수 없습니다",
			FlowLeaveOverlap:       "이미 등록된 휴가 기간과 겹칩니다",
			FlowLeaveNotFound:      "휴가 기록이 없거나 취소 또는 종료되었습니다",
			FlowLeaveBadSubstitute: "대리인으로 다른 유효한 사용자를 선택하세요",
			FlowTakeBackLate:       "다음 단계에서 이미 처리하여 되찾을 수 없습니다",
			FlowCCNobody:           "참조할 사람을 선택하세요(유효한 사용자 최대 50명)",
			FlowNotInvolved:        "신청자와 결재자만 참조를 보낼 수 있습니다",
			FlowLockedRunning:      "결재 중인 신청은 수정하거나 삭제할 수 없습니다. 수정하려면 먼저 회수하세요",
			FlowLockedApproved:     "승인된 신청은 수정하거나 삭제할 수 없습니다",

			DesignerFileName:      "모듈 이름이 파일 모듈에서 사용 중입니다: %s",
			DesignerFileAPI:       "API 경로가 파일 모듈에서 사용 중입니다: %s",
			DesignerFileReadOnly:  "파일 모듈은 읽기 전용입니다. 새 모듈로 복사하세요",
			DesignerNameFixed:     "모듈 이름은 변경할 수 없습니다",
			DesignerNameTaken:     "모듈 이름이 이미 있습니다: %s",
			DesignerAPITaken:      "API 경로가 모듈에서 사용 중입니다: %s",
			DesignerNotFound:      "모듈이 없습니다: %s",
			DesignerVersionAbsent: "버전이 없습니다: %s",
			DesignerHasProblems:   "모듈 정의에 오류가 있어 게시할 수 없습니다",
			DesignerConfirm:       "파괴적 변경을 확인하려면 모듈 이름 “%s”을(를) 입력하세요",
			DesignerBusy:          "다른 사용자가 모듈을 게시하는 중입니다. 잠시 후 다시 시도하세요",
			DesignerNoModel:       "모듈 정의(model 또는 yaml)를 제공하세요",
			DesignerNameMissing:   "모듈 정의에 이름이 없습니다",
			DesignerPermUsed:      "권한 접두사가 이미 사용 중입니다: %s",

			DashBadDate:    "통계 기간 형식이 올바르지 않습니다: %s",
			DashBadWidgets: "대시보드에 위젯이 없습니다: %s",
			DashNoData:     "이 위젯에는 내보낼 데이터가 없습니다",
		},
	})
}
