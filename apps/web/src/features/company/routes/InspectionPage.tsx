import { CertificatePage } from '../components/CertificateList';

/** /inspection: factory inspection qualification, the audits of the factories the company works with. */
export default function InspectionPage() {
  return <CertificatePage kind="inspection" />;
}
