// A sparkline in plain SVG (the workbench carries no chart library).

/** sparkPoints answers the polyline points of values in a width×height box (min at the bottom, max at the top). */
export function sparkPoints(values: readonly number[], width: number, height: number, pad = 2): string {
  if (values.length === 0) return "";
  const max = Math.max(...values);
  const min = Math.min(0, ...values);
  const span = max - min || 1;
  const step = values.length > 1 ? (width - 2 * pad) / (values.length - 1) : 0;
  return values
    .map((v, i) => {
      const x = pad + i * step;
      const y = height - pad - ((v - min) / span) * (height - 2 * pad);
      return `${Math.round(x * 10) / 10},${Math.round(y * 10) / 10}`;
    })
    .join(" ");
}

export function Sparkline({ values, label, width = 120, height = 32, color = "#1677ff" }: { values: readonly number[]; label: string; width?: number; height?: number; color?: string }) {
  const points = sparkPoints(values, width, height);
  const last = points.split(" ").pop()?.split(",");
  return (
    <svg role="img" aria-label={label} width={width} height={height} viewBox={`0 0 ${width} ${height}`}>
      <title>{label}</title>
      <polyline points={points} fill="none" stroke={color} strokeWidth={1.5} strokeLinejoin="round" />
      {last && last.length === 2 && <circle cx={last[0]} cy={last[1]} r={2.5} fill={color} />}
    </svg>
  );
}
