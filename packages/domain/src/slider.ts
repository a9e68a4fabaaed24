// A slider's answer in words, worded the same wherever an answer is read: on the slide, in the
// publisher's drill-down and in its CSV export.

/** What wording a slider's answer needs: its captions, spread evenly from scoreMin to scoreMax. */
export interface SliderScale {
  labels: readonly string[] | null;
  scoreMin: number | null;
  scoreMax: number | null;
}

/** The caption nearest to `value`; null for a scale without captions. */
export function sliderCaption({ labels, scoreMin, scoreMax }: SliderScale, value: number): string | null {
  if (!labels || labels.length === 0) return null;
  const min = scoreMin ?? 0;
  const max = scoreMax ?? min;
  if (labels.length === 1 || max === min) return labels[0]!;
  const index = Math.round(((value - min) / (max - min)) * (labels.length - 1));
  return labels[Math.min(labels.length - 1, Math.max(0, index))]!;
}

/** A caption that is a number with a unit: "25%", "20 hours", "40 hours or more", "100+". */
const NUMBER_CAPTION = /^\d+(?:\.\d+)?\s*(.*?)(?:\s+or more|\+)?$/;

/**
 * The answer as a person reads it: the caption the value sits on; on a scale captioned with
 * numbers (a share, hours), the value itself with their unit ("15%", "15 hours"); otherwise the
 * caption nearest to it. Never the value and a caption side by side ("15: 25%").
 */
export function sliderAnswerText(scale: SliderScale, value: number): string {
  const labels = scale.labels ?? [];
  const min = scale.scoreMin ?? 0;
  const max = scale.scoreMax ?? min;
  const step = labels.length > 1 ? (max - min) / (labels.length - 1) : 0;
  const at = labels.findIndex((_, index) => Math.abs(min + index * step - value) < 1e-9);
  if (at >= 0 && (labels.length === 1 || step !== 0)) return labels[at]!;
  const numbered = labels.map((label) => NUMBER_CAPTION.exec(label.trim())).filter((match) => match !== null);
  if (numbered.length >= 2) {
    const unit = numbered.map((match) => match[1]).find(Boolean) ?? '';
    return unit === '%' ? `${value}%` : unit ? `${value} ${unit}` : String(value);
  }
  return sliderCaption(scale, value) ?? String(value);
}
