import { CertificatePage } from '../components/CertificateList';

/** /certificates: certificate authentication, the company's product certificates and test reports. */
export default function CertificatesPage() {
  return <CertificatePage kind="certificate" />;
}
