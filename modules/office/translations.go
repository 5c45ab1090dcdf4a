package office

import "xiangzhi/engine/msg"

// The office system's answers in the console's other locales (docs/api.md
// "Locale of server messages"); zh_CN is the text as written (the
// specification quotes it), zh_TW is converted. TooLong is left out: it
// reads like a field message, which the console words itself.
func init() {
	msg.AddTranslations(map[string]map[string]string{
		"en": {
			VehicleBooked:        "The vehicle is already booked for this time. Choose another time",
			VehicleAdded:         "Added",
			ApplicantRequired:    "Enter the applicant",
			ApplicantLength:      "Length must be 2 to 20 characters",
			DestinationRequired:  "Enter the destination",
			StartRequired:        "Enter the departure time",
			ReasonRequired:       "Enter the reason",
			VehicleRequired:      "Enter the vehicle",
			ParamsMissing:        "Fill in the required parameters",
			EndBeforeStart:       "The return time cannot be earlier than the departure time",
			EndRequired:          "Enter the return time",
			VehicleUnavailable:   "The vehicle is not available now. Choose another vehicle",
			ExpenseItemsRequired: "Enter at least one expense item",
			ExpenseAmountInvalid: "The amount of an expense item must be greater than 0",
			SealUnavailable:      "The seal is not in use and cannot be applied for",
			SealNotApproved:      "The seal application is not approved yet; its use cannot be recorded",
			TaskRequired:         "Choose the task to handle",
			ModuleNotOffice:      "Not a module of the office system",
			StartTooEarly:        "The departure time cannot be earlier than the day before now",
		},
		"ja": {
			VehicleBooked:        "この時間帯は車両がすでに予約されています。別の時間帯を選択してください",
			VehicleAdded:         "追加しました",
			ApplicantRequired:    "申請者を入力してください",
			ApplicantLength:      "長さは2～20文字にしてください",
			DestinationRequired:  "行き先を入力してください",
			StartRequired:        "出発時刻を入力してください",
			ReasonRequired:       "申請理由を入力してください",
			VehicleRequired:      "申請車両を入力してください",
			ParamsMissing:        "必要なパラメータを入力してください",
			EndBeforeStart:       "帰着時刻は出発時刻より前にできません",
			EndRequired:          "帰着時刻を入力してください",
			VehicleUnavailable:   "この車両は現在使用できません。別の車両を選択してください",
			ExpenseItemsRequired: "精算明細を1件以上入力してください",
			ExpenseAmountInvalid: "精算明細の金額は0より大きくしてください",
			SealUnavailable:      "この印章は使用中ではないため、押印を申請できません",
			SealNotApproved:      "この押印申請はまだ承認されていないため、押印を登録できません",
			TaskRequired:         "処理するタスクを選択してください",
			ModuleNotOffice:      "オフィスシステムのモジュールではありません",
			StartTooEarly:        "出発時刻は現在時刻の前日より前にできません",
		},
		"ko": {
			VehicleBooked:        "이 시간대에는 차량이 이미 예약되었습니다. 다른 시간대를 선택하세요",
			VehicleAdded:         "추가되었습니다",
			ApplicantRequired:    "신청자를 입력하세요",
			ApplicantLength:      "길이는 2~20자여야 합니다",
			DestinationRequired:  "목적지를 입력하세요",
			StartRequired:        "출발 시간을 입력하세요",
			ReasonRequired:       "신청 사유를 입력하세요",
			VehicleRequired:      "신청 차량을 입력하세요",
			ParamsMissing:        "필요한 매개변수를 입력하세요",
			EndBeforeStart:       "복귀 시간은 출발 시간보다 빠를 수 없습니다",
			EndRequired:          "복귀 시간을 입력하세요",
			VehicleUnavailable:   "이 차량은 현재 사용할 수 없습니다. 다른 차량을 선택하세요",
			ExpenseItemsRequired: "정산 내역을 한 건 이상 입력하세요",
			ExpenseAmountInvalid: "정산 내역의 금액은 0보다 커야 합니다",
			SealUnavailable:      "사용 중인 인장이 아니어서 날인을 신청할 수 없습니다",
			SealNotApproved:      "날인 신청이 아직 승인되지 않아 날인을 등록할 수 없습니다",
			TaskRequired:         "처리할 업무를 선택하세요",
			ModuleNotOffice:      "사무 시스템의 모듈이 아닙니다",
			StartTooEarly:        "출발 시간은 현재 시각의 하루 전보다 빠를 수 없습니다",
		},
	})
}
