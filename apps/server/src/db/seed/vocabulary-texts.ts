/**
 * The demo exporter's news and about-us text in more of the buyers' languages (issue 21,
 * item 15), beside the English, Chinese and Arabic of vocabulary.ts. Real translations of the
 * same texts, item for item; a language missing here falls back to English (decision 0048).
 */

/** The news of vocabulary.ts's NEWS, in the same order. */
export const NEWS_MORE: Record<'es' | 'ru', { title: string; body: string }[]> = {
  es: [
    {
      title: 'Visítenos en la Feria de Cantón, fase 3, sección de juguetes',
      body: 'Nuestro equipo expondrá en la Feria de Importación y Exportación de China (Feria de Cantón) en Guangzhou, en la sección de juguetes y productos infantiles de la fase 3. Presentaremos más de 300 novedades, entre ellas nuestros últimos vehículos teledirigidos, kits STEM y colecciones de peluche. Los compradores pueden reservar una reunión con antelación a través de su gestor de cuenta y, después de la feria, podemos organizar una visita a nuestra sala de exposición de Shantou, con reserva de hotel y billetes de tren de alta velocidad.',
    },
    {
      title: 'Nuevos informes de ensayo EN71 y ASTM F963 para nuestra gama teledirigida',
      body: 'Toda nuestra gama de coches y drones teledirigidos 2.4G ha superado los ensayos EN71 partes 1, 2 y 3 y ASTM F963 en un laboratorio independiente acreditado. Los modelos teledirigidos cuentan además con documentación de conformidad CE (RED) y FCC. Los compradores registrados pueden solicitar copias de los informes de ensayo a su gestor de cuenta.',
    },
    {
      title: 'Calendario de vacaciones del Año Nuevo chino',
      body: 'Nuestra oficina y sala de exposición cerrarán por el Año Nuevo chino desde el día 25 del 12.º mes lunar hasta el día 10 del 1.er mes lunar. La mayoría de las fábricas asociadas detienen la producción unas dos semanas antes de la fiesta y necesitan de dos a tres semanas después para recuperar su plena capacidad. Para embarcar antes de las vacaciones, confirme sus pedidos y pague los anticipos a más tardar a mediados de diciembre. La sala de exposición en línea sigue abierta y nuestro equipo de guardia responderá a las consultas en 24 horas durante todas las vacaciones.',
    },
    {
      title: 'Lanzamiento de nuestra nueva serie todoterreno teledirigida 1:16',
      body: 'Hemos añadido a la sala de exposición doce nuevos modelos todoterreno teledirigidos a escala 1:16 y 1:18, entre ellos coches escaladores, buggies del desierto y vehículos acrobáticos anfibios. Todos los modelos usan un control 2.4G que permite correr con varios coches a la vez, funcionan con baterías recargables por USB y vienen en cajas con ventana listas para la venta al público. Las muestras pueden enviarse en tres días hábiles.',
    },
    {
      title: 'Flete marítimo: qué deben esperar los importadores de juguetes',
      body: 'Las tarifas de contenedores del sur de China a Europa y Oriente Medio siguen siendo volátiles por los desvíos de rutas, la gestión de capacidad de las navieras y la demanda de temporada alta. Para los programas de Navidad y Ramadán recomendamos reservar espacio de seis a ocho semanas antes de la fecha de mercancía lista. Consolidar varios proveedores en un contenedor de 40’ HQ en nuestro almacén de Shantou puede reducir notablemente el coste del flete por caja.',
    },
    {
      title: 'Reglamento de seguridad de los juguetes de la UE: cambios clave para los exportadores',
      body: 'La Unión Europea ha adoptado un nuevo Reglamento de seguridad de los juguetes que sustituirá a la Directiva 2009/48/CE tras un periodo de transición. Introduce un pasaporte digital de producto para cada juguete, extiende la prohibición de sustancias químicas peligrosas a los disruptores endocrinos y a los PFAS, y endurece las normas para los juguetes conectados. Ya estamos revisando materiales y etiquetado con nuestras fábricas asociadas para que las gamas de nuestros compradores estén listas antes de que se apliquen las nuevas normas.',
    },
    {
      title: 'ASTM F963-23 es ya la norma obligatoria de juguetes en EE. UU.',
      body: 'La Comisión de Seguridad de Productos de Consumo de EE. UU. ha adoptado la ASTM F963-23 como norma federal obligatoria de seguridad de los juguetes. La revisión actualiza los requisitos sobre metales pesados en sustratos, accesibilidad de las pilas, materiales expansivos y juguetes que emiten sonidos. Los juguetes enviados a Estados Unidos necesitan un Certificado de Producto Infantil (CPC) basado en ensayos según la edición vigente.',
    },
    {
      title: 'Servicio de muestras renovado para compradores registrados',
      body: 'Los compradores registrados ya pueden pedir hasta cinco muestras gratuitas por temporada directamente desde la sala de exposición en línea; solo se cobra el envío por mensajería. Las muestras suelen enviarse en tres días hábiles por DHL, FedEx o UPS. El coste del envío se descuenta del primer pedido en cuanto alcanza la cantidad mínima de pedido.',
    },
    {
      title: 'Compradores del Golfo y de América Latina visitan nuestra sala de exposición',
      body: 'Este mes hemos recibido en nuestra sala de exposición de Shantou a equipos de compras de cadenas de supermercados de Arabia Saudí, los Emiratos Árabes Unidos, México y Chile. Los visitantes seleccionaron productos para la vuelta al cole y la temporada navideña y recorrieron tres de nuestras fábricas asociadas en Chenghai. Les agradecemos su confianza y esperamos con ilusión nuestros primeros programas conjuntos.',
    },
    {
      title: 'Cómo planificar sus pedidos de juguetes para Ramadán y Eid',
      body: 'Los juguetes están entre los regalos más vendidos durante el Ramadán y el Eid al-Fitr en el Golfo y el norte de África. Como estas fechas se adelantan unos once días cada año, recomendamos hacer los pedidos al menos cuatro meses antes del Ramadán para dejar tiempo a la producción, la inspección y el transporte marítimo. Bajo pedido podemos preparar cajas de regalo, embalaje en árabe y lotes para promociones en hipermercados.',
    },
    {
      title: '¿Caja de color o caja con ventana? Cómo elegir el embalaje adecuado',
      body: 'Una caja de color protege bien el juguete y deja toda la superficie para gráficos y textos en varios idiomas, lo que conviene a los artículos de regalo y al comercio electrónico. Una caja con ventana deja ver el producto y suele venderse mejor en los lineales del supermercado, con un coste de embalaje algo mayor. Para exhibidores de gancho, los blísteres y las bolsas con cabecera siguen siendo la opción más económica.',
    },
    {
      title: 'Chenghai: una visita a la capital china del juguete',
      body: 'El distrito de Chenghai, en Shantou, reúne a miles de fabricantes y proveedores de juguetes, y aquí se diseña o produce una gran parte de las exportaciones chinas de juguetes. Los proveedores de inyección de plástico, fundición a presión, electrónica y embalaje están a poca distancia en coche, lo que acorta los plazos de desarrollo de los nuevos artículos. Los compradores que visitan nuestra sala de exposición pueden combinar un día de selección de productos con visitas a fábricas del mismo distrito.',
    },
  ],
  ru: [
    {
      title: 'Приглашаем на Кантонскую ярмарку, 3-я фаза, раздел игрушек',
      body: 'Наша команда примет участие в Китайской ярмарке импортных и экспортных товаров (Кантонской ярмарке) в Гуанчжоу, в разделе игрушек и детских товаров 3-й фазы. Мы покажем более 300 новинок, в том числе новейшие радиоуправляемые машины, наборы STEM и коллекции мягких игрушек. Покупатели могут заранее договориться о встрече через своего менеджера, а после ярмарки мы организуем посещение нашего шоурума в Шаньтоу с бронированием гостиницы и билетов на скоростной поезд.',
    },
    {
      title: 'Новые протоколы испытаний EN71 и ASTM F963 для радиоуправляемой линейки',
      body: 'Вся наша линейка радиоуправляемых машин и дронов 2.4G прошла испытания по EN71 (части 1, 2 и 3) и ASTM F963 в аккредитованной независимой лаборатории. Радиоуправляемые модели также имеют документы о соответствии CE (RED) и FCC. Зарегистрированные покупатели могут запросить копии протоколов испытаний у своего менеджера.',
    },
    {
      title: 'График работы на китайский Новый год',
      body: 'Наш офис и шоурум будут закрыты на праздники китайского Нового года с 25-го дня 12-го лунного месяца по 10-й день 1-го лунного месяца. Большинство фабрик-партнёров останавливают производство примерно за две недели до праздника, и им нужно две-три недели после него, чтобы вернуться к полной мощности. Чтобы отгрузить товар до праздников, подтвердите заказы и внесите предоплату не позднее середины декабря. Онлайн-шоурум продолжает работать, а дежурная команда ответит на запросы в течение 24 часов все праздники.',
    },
    {
      title: 'Новая серия радиоуправляемых внедорожников в масштабе 1:16',
      body: 'Мы добавили в шоурум двенадцать новых радиоуправляемых внедорожников в масштабах 1:16 и 1:18: краулеры, багги для пустыни и машины-амфибии для трюков. Все модели работают на управлении 2.4G, позволяющем гоняться нескольким машинам одновременно, питаются от аккумуляторов с зарядкой по USB и упакованы в коробки с окном, готовые к выкладке в магазине. Образцы можно отправить в течение трёх рабочих дней.',
    },
    {
      title: 'Морские перевозки: чего ожидать импортёрам игрушек',
      body: 'Ставки на контейнеры из Южного Китая в Европу и на Ближний Восток остаются нестабильными из-за изменения маршрутов, управления провозными мощностями перевозчиков и спроса в высокий сезон. Для рождественских программ и программ к Рамадану мы рекомендуем бронировать место за шесть-восемь недель до готовности груза. Консолидация нескольких поставщиков в один 40-футовый контейнер HQ на нашем складе в Шаньтоу заметно снижает стоимость фрахта в расчёте на коробку.',
    },
    {
      title: 'Регламент ЕС о безопасности игрушек: главное для экспортёров',
      body: 'Европейский союз принял новый Регламент о безопасности игрушек, который после переходного периода заменит Директиву 2009/48/EC. Он вводит цифровой паспорт продукта для каждой игрушки, распространяет запрет опасных химических веществ на эндокринные разрушители и PFAS и ужесточает правила для подключаемых игрушек. Мы уже пересматриваем материалы и маркировку вместе с фабриками-партнёрами, чтобы ассортимент наших покупателей был готов до вступления новых правил в силу.',
    },
    {
      title: 'ASTM F963-23 стал обязательным стандартом для игрушек в США',
      body: 'Комиссия по безопасности потребительских товаров США утвердила ASTM F963-23 в качестве обязательного федерального стандарта безопасности игрушек. Новая редакция обновляет требования к тяжёлым металлам в основах, доступности батареек, расширяющимся материалам и звучащим игрушкам. Для игрушек, отправляемых в США, нужен сертификат детского товара (CPC) на основе испытаний по действующей редакции.',
    },
    {
      title: 'Обновлённая услуга образцов для зарегистрированных покупателей',
      body: 'Зарегистрированные покупатели теперь могут заказать до пяти бесплатных образцов за сезон прямо в онлайн-шоуруме; оплачивается только курьерская доставка. Образцы обычно отправляются в течение трёх рабочих дней через DHL, FedEx или UPS. Стоимость доставки засчитывается в первый заказ, как только он достигает минимального объёма.',
    },
    {
      title: 'Покупатели из стран Залива и Латинской Америки посетили наш шоурум',
      body: 'В этом месяце мы принимали в нашем шоуруме в Шаньтоу закупочные команды сетей супермаркетов из Саудовской Аравии, Объединённых Арабских Эмиратов, Мексики и Чили. Гости отобрали товары к школьному сезону и праздникам и посетили три наши фабрики-партнёра в Чэнхае. Благодарим их за доверие и ждём наших первых совместных программ.',
    },
    {
      title: 'Как планировать заказы игрушек к Рамадану и Ид',
      body: 'Игрушки входят в число самых продаваемых подарков во время Рамадана и Ид аль-Фитр в странах Залива и Северной Африки. Поскольку эти даты каждый год смещаются примерно на одиннадцать дней раньше, мы рекомендуем размещать заказы не менее чем за четыре месяца до Рамадана, чтобы хватило времени на производство, инспекцию и морскую доставку. По запросу мы подготовим подарочные коробки, упаковку на арабском языке и наборы для промоакций в гипермаркетах.',
    },
    {
      title: 'Цветная коробка или коробка с окном? Как выбрать упаковку',
      body: 'Цветная коробка хорошо защищает игрушку и оставляет всю поверхность для графики и текста на нескольких языках, что подходит для подарочных товаров и электронной торговли. Коробка с окном позволяет покупателю увидеть сам товар и обычно лучше продаётся на полках супермаркетов при немного более высокой стоимости упаковки. Для подвесной выкладки самыми экономичными остаются блистеры и пакеты с подвесом.',
    },
    {
      title: 'Чэнхай: в гостях у игрушечной столицы Китая',
      body: 'В районе Чэнхай города Шаньтоу работают тысячи производителей и поставщиков игрушек, и значительная часть китайского экспорта игрушек разрабатывается или производится именно здесь. Поставщики литья пластмасс, литья под давлением, электроники и упаковки находятся в нескольких минутах езды, поэтому сроки разработки новых товаров короткие. Покупатели, посещающие наш шоурум, могут совместить день выбора товаров с посещением фабрик в том же районе.',
    },
  ],
};

/** The about-us text of vocabulary.ts's ABOUT, paragraph for paragraph. */
export const ABOUT_MORE: Record<'es' | 'fr' | 'ru' | 'pt' | 'de', string> = {
  es: [
    'Fundada en 2006 en Chenghai (Shantou), la capital china del juguete, empezamos como una pequeña oficina comercial al servicio de los compradores de la Feria de Cantón. Hoy contamos con una sala de exposición de 20 000 m² con más de 30 000 artículos, desde vehículos teledirigidos y drones hasta muñecas, peluches, bloques de construcción, juguetes educativos y de exterior, con equipos dedicados a abastecimiento, control de calidad y documentación de exportación.',
    'Trabajamos con más de 200 fábricas asociadas auditadas en Shantou, Dongguan, Yiwu y Shenzhen. Los productos se ensayan en laboratorios independientes acreditados según EN71, ASTM F963 y los requisitos CE; la mercancía para Estados Unidos se entrega con certificados CPC, y nuestros inspectores de calidad revisan cada pedido antes de la carga. Consolidamos mercancía de varias fábricas en un solo contenedor, para que los compradores puedan combinar muchos artículos en un mismo envío.',
    'Atendemos a importadores, mayoristas y cadenas de supermercados de Oriente Medio, Europa, América del Norte y del Sur, África, el Sudeste Asiático, Rusia y la CEI. Nuestro equipo OEM/ODM desarrolla embalajes de marca propia y productos a medida, y las muestras pueden enviarse en tres días hábiles. Le invitamos a visitar nuestra sala de exposición o a consultar nuestro catálogo en línea.',
  ].join('\n\n'),
  fr: [
    'Fondée en 2006 à Chenghai (Shantou), la capitale chinoise du jouet, notre société a débuté comme un petit bureau commercial au service des acheteurs de la Foire de Canton. Aujourd’hui, notre showroom de 20 000 m² présente plus de 30 000 articles, des véhicules radiocommandés et drones aux poupées, peluches, jeux de construction, jouets éducatifs et d’extérieur, avec des équipes dédiées au sourcing, au contrôle qualité et aux documents d’exportation.',
    'Nous travaillons avec plus de 200 usines partenaires auditées à Shantou, Dongguan, Yiwu et Shenzhen. Les produits sont testés par des laboratoires tiers accrédités selon EN71, ASTM F963 et les exigences CE ; les marchandises destinées aux États-Unis sont livrées avec des certificats CPC, et nos inspecteurs qualité contrôlent chaque commande avant chargement. Nous regroupons les marchandises de plusieurs usines dans un même conteneur, afin que les acheteurs puissent combiner de nombreux articles en une seule expédition.',
    'Nous servons des importateurs, grossistes et chaînes de supermarchés au Moyen-Orient, en Europe, en Amérique du Nord et du Sud, en Afrique, en Asie du Sud-Est, en Russie et dans la CEI. Notre équipe OEM/ODM conçoit des emballages à la marque du client et des produits sur mesure, et les échantillons peuvent être expédiés sous trois jours ouvrés. Nous serons heureux de vous accueillir dans notre showroom ou de vous voir parcourir notre catalogue en ligne.',
  ].join('\n\n'),
  ru: [
    'Компания основана в 2006 году в районе Чэнхай города Шаньтоу — игрушечной столице Китая — и начинала как небольшой торговый офис, обслуживавший покупателей Кантонской ярмарки. Сегодня у нас шоурум площадью 20 000 м², где представлено более 30 000 товаров: от радиоуправляемых машин и дронов до кукол, мягких игрушек, конструкторов, развивающих игрушек и товаров для улицы, а также отдельные команды по закупкам, контролю качества и экспортной документации.',
    'Мы работаем с более чем 200 проверенными фабриками-партнёрами в Шаньтоу, Дунгуане, Иу и Шэньчжэне. Продукция испытывается в аккредитованных независимых лабораториях на соответствие EN71, ASTM F963 и требованиям CE, товары для США поставляются с сертификатами CPC, а наши инспекторы по качеству проверяют каждый заказ перед погрузкой. Мы консолидируем товары нескольких фабрик в одном контейнере, чтобы покупатели могли собрать много позиций в одной отгрузке.',
    'Среди наших клиентов — импортёры, оптовики и сети супермаркетов Ближнего Востока, Европы, Северной и Южной Америки, Африки, Юго-Восточной Азии, России и СНГ. Наша команда OEM/ODM разрабатывает упаковку под собственной маркой клиента и товары по индивидуальному заказу, а образцы можно отправить в течение трёх рабочих дней. Приглашаем посетить наш шоурум или ознакомиться с онлайн-каталогом.',
  ].join('\n\n'),
  pt: [
    'Fundada em 2006 em Chenghai, Shantou — a capital chinesa do brinquedo —, começamos como um pequeno escritório comercial que atendia compradores da Feira de Cantão. Hoje temos um showroom de 20 000 m² com mais de 30 000 itens, de veículos de controle remoto e drones a bonecas, pelúcias, blocos de montar, brinquedos educativos e de ar livre, com equipes dedicadas a compras, controle de qualidade e documentação de exportação.',
    'Trabalhamos com mais de 200 fábricas parceiras auditadas em Shantou, Dongguan, Yiwu e Shenzhen. Os produtos são testados por laboratórios independentes acreditados conforme EN71, ASTM F963 e os requisitos CE; as mercadorias para os Estados Unidos seguem com certificados CPC, e nossos inspetores de qualidade verificam cada pedido antes do carregamento. Consolidamos mercadorias de várias fábricas em um só contêiner, para que os compradores possam combinar muitos itens em um único embarque.',
    'Atendemos importadores, atacadistas e redes de supermercados no Oriente Médio, na Europa, nas Américas do Norte e do Sul, na África, no Sudeste Asiático, na Rússia e na CEI. Nossa equipe OEM/ODM desenvolve embalagens com a marca própria do cliente e produtos sob medida, e as amostras podem ser enviadas em três dias úteis. Visite nosso showroom ou navegue pelo nosso catálogo on-line.',
  ].join('\n\n'),
  de: [
    'Gegründet 2006 in Chenghai (Shantou), Chinas Spielzeughauptstadt, begannen wir als kleines Handelsbüro für Einkäufer der Kanton-Messe. Heute betreiben wir einen Showroom von 20 000 m² mit mehr als 30 000 Artikeln – von ferngesteuerten Fahrzeugen und Drohnen bis zu Puppen, Plüsch, Bausteinen, Lern- und Outdoor-Spielzeug – mit eigenen Teams für Beschaffung, Qualitätskontrolle und Exportdokumente.',
    'Wir arbeiten mit mehr als 200 auditierten Partnerfabriken in Shantou, Dongguan, Yiwu und Shenzhen zusammen. Die Produkte werden von akkreditierten unabhängigen Prüflaboren nach EN71, ASTM F963 und den CE-Anforderungen geprüft, Ware für die USA wird mit CPC-Zertifikaten geliefert, und unsere Qualitätsprüfer kontrollieren jede Bestellung vor der Verladung. Wir bündeln Ware mehrerer Fabriken in einem Container, sodass Einkäufer viele Artikel in einer Sendung kombinieren können.',
    'Zu unseren Kunden zählen Importeure, Großhändler und Supermarktketten im Nahen Osten, in Europa, Nord- und Südamerika, Afrika, Südostasien, Russland und der GUS. Unser OEM/ODM-Team entwickelt Verpackungen unter der Eigenmarke des Kunden und individuelle Produkte, und Muster können innerhalb von drei Werktagen versandt werden. Besuchen Sie gern unseren Showroom oder stöbern Sie in unserem Online-Katalog.',
  ].join('\n\n'),
};
