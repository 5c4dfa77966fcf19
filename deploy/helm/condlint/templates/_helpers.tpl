{{/* The labels every object of the webhook carries (as deploy/base's kustomization adds them), and Helm's. */}}
{{- define "condlint.webhookLabels" -}}
app.kubernetes.io/name: condlint-webhook
app.kubernetes.io/part-of: condlint
{{ include "condlint.helmLabels" . }}
{{- end }}

{{- define "condlint.helmLabels" -}}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" }}
{{- end }}

{{- define "condlint.webhookImage" -}}
{{ .Values.webhook.image.repository }}:{{ .Values.webhook.image.tag | default .Chart.AppVersion }}
{{- end }}

{{- define "condlint.auditImage" -}}
{{ .Values.audit.image.repository }}:{{ .Values.audit.image.tag | default .Chart.AppVersion }}
{{- end }}

{{/* The rotation CronJob and its identity exist only where condlint-certs keeps the certificate. */}}
{{- define "condlint.rotationJob" -}}
{{- if and .Values.webhook.enabled (eq .Values.certificates "secret") }}true{{ end }}
{{- end }}

{{/* Who holds the certificate rights: the rotation job's own account, or the webhook that keeps them itself. */}}
{{- define "condlint.certificateHolder" -}}
{{- if eq .Values.certificates "manage" }}condlint-webhook{{ else }}condlint-certs{{ end }}
{{- end }}

{{- define "condlint.validate" -}}
{{- if not (has .Values.certificates (list "secret" "manage" "cert-manager")) }}
{{- fail (printf "certificates must be secret, manage or cert-manager, not %q" .Values.certificates) }}
{{- end }}
{{- if not (has .Values.monitor.reports (list "" "openreports")) }}
{{- fail (printf "monitor.reports must be \"\" or openreports, not %q" .Values.monitor.reports) }}
{{- end }}
{{- if not (has .Values.webhook.mode (list "warn" "enforce")) }}
{{- fail (printf "webhook.mode must be warn or enforce, not %q" .Values.webhook.mode) }}
{{- end }}
{{- end }}

{{- define "condlint.monitorImage" -}}
{{ .Values.monitor.image.repository }}:{{ .Values.monitor.image.tag | default .Chart.AppVersion }}
{{- end }}
