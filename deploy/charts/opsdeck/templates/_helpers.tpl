{{/* Names: at most 63 characters, as Kubernetes allows for a label value or DNS label. */}}
{{- define "opsdeck.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "opsdeck.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- $name := default .Chart.Name .Values.nameOverride -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{- define "opsdeck.instanceLabels" -}}
app.kubernetes.io/name: {{ include "opsdeck.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{/* Labels of every object, without the component (console or postgresql). */}}
{{- define "opsdeck.commonLabels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{ include "opsdeck.instanceLabels" . }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end -}}

{{- define "opsdeck.selectorLabels" -}}
{{ include "opsdeck.instanceLabels" . }}
app.kubernetes.io/component: console
{{- end -}}

{{- define "opsdeck.labels" -}}
{{ include "opsdeck.commonLabels" . }}
app.kubernetes.io/component: console
{{- end -}}

{{- define "opsdeck.image" -}}
{{- printf "%s:%s" .Values.image.repository (default .Chart.AppVersion .Values.image.tag) -}}
{{- end -}}

{{- define "opsdeck.serviceAccountName" -}}
{{- if .Values.serviceAccount.create -}}
{{- default (include "opsdeck.fullname" .) .Values.serviceAccount.name -}}
{{- else -}}
{{- default "default" .Values.serviceAccount.name -}}
{{- end -}}
{{- end -}}

{{/*
Where the data lives: "external" (database.url or database.existingSecret), "bundled"
(postgresql.enabled) or "embedded" (PGlite in DATA_DIR, on a PersistentVolumeClaim).
*/}}
{{- define "opsdeck.databaseMode" -}}
{{- if or .Values.database.url .Values.database.existingSecret -}}
external
{{- else if .Values.postgresql.enabled -}}
bundled
{{- else -}}
embedded
{{- end -}}
{{- end -}}

{{- define "opsdeck.postgresqlName" -}}
{{- printf "%s-postgresql" (include "opsdeck.fullname" .) | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "opsdeck.postgresqlSecretName" -}}
{{- default (include "opsdeck.postgresqlName" .) .Values.postgresql.existingSecret -}}
{{- end -}}

{{/* PUBLIC_URL: the value given, else the first ingress host (https when the ingress has TLS). */}}
{{- define "opsdeck.publicUrl" -}}
{{- if .Values.publicUrl -}}
{{- .Values.publicUrl -}}
{{- else if and .Values.ingress.enabled .Values.ingress.hosts -}}
{{- $host := (index .Values.ingress.hosts 0).host -}}
{{- printf "%s://%s" (ternary "https" "http" (not (empty .Values.ingress.tls))) $host -}}
{{- end -}}
{{- end -}}

{{/* Value combinations the schema cannot refuse; rendered (as nothing) by the Deployment. */}}
{{- define "opsdeck.validate" -}}
{{- $mode := include "opsdeck.databaseMode" . -}}
{{- if and .Values.database.url .Values.database.existingSecret -}}
{{- fail "database: set url or existingSecret, not both" -}}
{{- end -}}
{{- if and (eq $mode "external") .Values.postgresql.enabled -}}
{{- fail "database and postgresql.enabled: choose one PostgreSQL server" -}}
{{- end -}}
{{- if and (eq $mode "embedded") (gt (int .Values.replicas) 1) -}}
{{- fail "replicas > 1 needs a PostgreSQL server (database.url, database.existingSecret or postgresql.enabled): the embedded database opens in one process only" -}}
{{- end -}}
{{- if and (ne $mode "embedded") (not (or .Values.secretKey.value .Values.secretKey.existingSecret)) -}}
{{- fail "secretKey.value or secretKey.existingSecret is required with a PostgreSQL server: every replica, and every restart, must open the secrets sealed before (docs/deploy.md, \"Keys across replicas\")" -}}
{{- end -}}
{{- if and .Values.secretKey.value .Values.secretKey.existingSecret -}}
{{- fail "secretKey: set value or existingSecret, not both" -}}
{{- end -}}
{{- if and (eq $mode "bundled") (not (or .Values.postgresql.password .Values.postgresql.existingSecret)) -}}
{{- fail "postgresql.password or postgresql.existingSecret is required with postgresql.enabled" -}}
{{- end -}}
{{- end -}}
