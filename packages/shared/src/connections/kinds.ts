import {
  certificate,
  insecureTls,
  password,
  property,
  url,
  username,
  type ConnectionTypeDef,
} from './fields.js';

/** Databases, search and directory services: a URL plus credentials. */
export const DATABASE_KINDS: ConnectionTypeDef[] = [
  {
    type: 'postgres',
    title: 'Postgres',
    category: 'Database',
    fields: [
      url('URL', true, 'postgres://db.example.com:5432/app'),
      username('Username', true),
      password('Password', true),
    ],
  },
  {
    type: 'mysql',
    title: 'MySQL',
    category: 'Database',
    fields: [
      url('URL', true, 'mysql://db.example.com:3306/app'),
      username('Username', true),
      password('Password', true),
    ],
  },
  {
    type: 'sql_server',
    title: 'SQL Server',
    category: 'Database',
    untestable: 'it has no SQL Server driver',
    fields: [
      url('URL', true, 'sqlserver://db.example.com:1433?database=app'),
      username('Username', true),
      password('Password', true),
    ],
  },
  {
    type: 'mongo',
    title: 'Mongo',
    category: 'Database',
    untestable: 'it has no MongoDB client',
    fields: [
      url('URL', true, 'mongodb://db.example.com:27017'),
      username('Username', true),
      password('Password', true),
      insecureTls,
    ],
  },
  {
    type: 'redis',
    title: 'Redis',
    category: 'Database',
    fields: [
      url('URL', true, 'redis://cache.example.com:6379'),
      property('db', 'Database', { input: 'number', required: true, default: '0' }),
      username(),
      password(),
    ],
  },
  {
    type: 'elasticsearch',
    title: 'Elasticsearch',
    category: 'Database',
    fields: [
      url('URL', true, 'https://search.example.com:9200'),
      username('Username', true),
      password('Password', true),
      insecureTls,
    ],
  },
  {
    type: 'opensearch',
    title: 'OpenSearch',
    category: 'Database',
    fields: [
      url('URL', true, 'https://search.example.com:9200'),
      property('index', 'Index'),
      username(),
      password(),
      insecureTls,
    ],
  },
  {
    type: 'ldap',
    title: 'LDAP',
    category: 'Database',
    fields: [
      url('URL', true, 'ldap://ldap.example.com:389'),
      username('Bind DN', true),
      password('Password', true),
      insecureTls,
    ],
  },
];

/** HTTP endpoints and observability back ends. */
export const OBSERVABILITY_KINDS: ConnectionTypeDef[] = [
  {
    type: 'http',
    title: 'HTTP',
    category: 'Observability',
    fields: [url('URL', true, 'https://api.example.com'), username(), password(), insecureTls],
  },
  {
    type: 'prometheus',
    title: 'Prometheus',
    category: 'Observability',
    fields: [url('URL', true, 'http://prometheus.example.com:9090'), username(), password(), insecureTls],
  },
  {
    type: 'loki',
    title: 'Loki',
    category: 'Observability',
    fields: [url('URL', true, 'http://loki.example.com:3100'), username(), password()],
  },
  {
    type: 'dynatrace',
    title: 'Dynatrace',
    category: 'Observability',
    fields: [
      url('Environment URL', true, 'https://abc12345.live.dynatrace.com'),
      password('API Token', true),
    ],
  },
  {
    type: 'jmeter',
    title: 'JMeter',
    category: 'Observability',
    untestable: 'it has no JMeter client',
    hidden: true,
    fields: [url('URL', false)],
  },
];

const awsFields = [
  property('region', 'Region', { placeholder: 'eu-west-1' }),
  property('profile', 'Profile'),
  username('Access Key'),
  password('Secret Key'),
  url('Endpoint', false),
  insecureTls,
];

/** Cloud accounts and clusters. */
export const CLOUD_KINDS: ConnectionTypeDef[] = [
  { type: 'aws', title: 'AWS', category: 'Cloud', fields: awsFields },
  {
    type: 's3',
    title: 'AWS S3',
    category: 'Cloud',
    fields: [property('bucket', 'Bucket', { required: true }), ...awsFields],
  },
  {
    type: 'azure',
    title: 'Azure',
    category: 'Cloud',
    untestable: 'it has no Azure client',
    fields: [
      username('Client ID', true),
      password('Client Secret', true),
      property('tenant', 'Tenant ID', { required: true }),
    ],
  },
  {
    type: 'google_cloud',
    title: 'Google Cloud',
    category: 'Cloud',
    fields: [url('Endpoint', true, 'https://www.googleapis.com'), certificate('Service account JSON')],
  },
  {
    type: 'kubernetes',
    title: 'Kubernetes',
    category: 'Cloud',
    fields: [certificate('Kubeconfig', true)],
  },
  {
    type: 'windows',
    title: 'Windows',
    category: 'Cloud',
    untestable: 'it has no Windows (WinRM) client',
    fields: [username('Username', true), password('Password', true), property('domain', 'Domain')],
  },
];

/** Source control. */
export const VCS_KINDS: ConnectionTypeDef[] = [
  {
    type: 'git',
    title: 'Git',
    category: 'Version control',
    fields: [
      url('URL', true, 'https://git.example.com/team/repo.git'),
      property('authentication', 'Authentication', {
        input: 'select',
        options: ['password', 'ssh'],
        default: 'password',
      }),
      username(),
      password('Password / Token'),
      certificate('SSH Private Key'),
      property('ref', 'Ref', { default: 'main' }),
    ],
  },
  {
    type: 'github',
    title: 'GitHub',
    category: 'Version control',
    fields: [password('Personal Access Token', true), url('API URL', false, 'https://api.github.com')],
  },
  {
    type: 'gitlab',
    title: 'Gitlab',
    category: 'Version control',
    untestable: 'it has no GitLab client',
    fields: [password('Personal Access Token', true), url('URL', false, 'https://gitlab.com')],
  },
  {
    type: 'azure_devops',
    title: 'Azure DevOps',
    category: 'Version control',
    untestable: 'it has no Azure DevOps client',
    fields: [username('Organization', true), password('Personal Access Token', true)],
  },
];

/** File stores and backups. */
export const STORAGE_KINDS: ConnectionTypeDef[] = [
  {
    type: 'sftp',
    title: 'SFTP',
    category: 'Storage',
    fields: [
      property('host', 'Host', { required: true }),
      property('port', 'Port', { input: 'number', default: '22' }),
      username('Username', true),
      { ...password('Password'), hint: 'With a private key: its passphrase, if it has one' },
      {
        ...certificate('Private key'),
        hint: 'Logs in by key instead of password: the key in PEM or OpenSSH text',
      },
    ],
  },
  {
    type: 'smb',
    title: 'SMB',
    category: 'Storage',
    fields: [
      property('server', 'Server', { required: true }),
      property('port', 'Port', { input: 'number', default: '445' }),
      property('share', 'Share', { required: true }),
      property('domain', 'Domain'),
      username(),
      password(),
    ],
  },
  {
    type: 'gcs',
    title: 'Google Cloud Storage',
    category: 'Storage',
    fields: [
      property('bucket', 'Bucket', { required: true }),
      url('Endpoint', true, 'https://storage.googleapis.com'),
      certificate('Service account JSON'),
    ],
  },
  {
    type: 'folder',
    title: 'Folder',
    category: 'Storage',
    fields: [property('path', 'Path', { required: true })],
  },
  {
    type: 'restic',
    title: 'Restic',
    category: 'Storage',
    untestable: 'it has no restic client',
    fields: [
      url('Repository', true, 's3:https://s3.example.com/backups'),
      password('Repository Password', true),
    ],
  },
];
